# TagSim's lab (or single simulator) as a container image (docs/deploy.md).
#
# Stage 1 builds and packs the package exactly as `npm pack` does: dist/ and package.json.
# Stage 2 installs that tarball's production dependencies only, with no install scripts, so
# Electron, electron-builder and the dev tools never enter the image, and runs it as `node`.
# test/deploy/runtime-stage.test.ts runs stage 2's commands in a clean folder (no container
# runtime on the build machines) and test/deploy/dockerfile.test.ts checks the rules below.

# The official Node 20 image, Debian bookworm slim, pinned to an exact version (the Node the
# project is tested with). Add the digest when you build: FROM node:20.20.2-bookworm-slim@sha256:…
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
# The Electron binary is never needed to build; the install scripts are the ones package.json's
# allowScripts reviews (docs/packaging.md).
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY main ./main
COPY shared ./shared
COPY renderer ./renderer
RUN node scripts/build.mjs && npm pack --ignore-scripts && mv tagsim-*.tgz tagsim.tgz

FROM node:20.20.2-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /src/tagsim.tgz /src/package-lock.json ./
RUN tar -xzf tagsim.tgz --strip-components=1 && rm tagsim.tgz \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf /root/.npm
USER node
# Station k on 7410 + k - 1 (up to 64), the dashboard on 7474, Modbus (with --modbus) from 5020.
EXPOSE 7410-7473 7474
# The lab's status route, open and token-free (GET /healthz on the dashboard's port).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:7474/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tagsim handles SIGTERM and SIGINT itself (it closes every station, then exits 0); as PID 1 it
# gets them directly, since the command is exec form with no shell in between.
ENTRYPOINT ["node", "/app/dist/main/cli/main.js"]
CMD ["lab", "--lab-file", "/lab/lab.json", "--token-file", "/run/secrets/tagsim/token", "--host", "0.0.0.0", "--port", "7410", "--dashboard-port", "7474"]
