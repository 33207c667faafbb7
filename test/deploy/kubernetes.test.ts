// The Kubernetes manifests without a cluster (docs/deploy.md): the class overlay is what
// make-class.mjs writes from its roster; `kubectl kustomize` renders the base and the overlay;
// every object is validated against the Kubernetes API schemas (kubernetes-models: the
// OpenAPI schemas compiled into the package, offline); and the objects fit together: the pods'
// command is one `tagsim lab` accepts, each pod's lab file holds at most 64 stations, each
// student's address reaches its own station's port and no other, the probes are on the status
// route, the Services select pods that exist.
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { parseClassFile } from '../../shared/lab/class-file.js';
import { parseLabFile } from '../../shared/lab/lab-file.js';

const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { loadAll(text: string): unknown[] };
const root = fileURLToPath(new URL('../..', import.meta.url));
const kube = join(root, 'deploy/kubernetes');
const overlay = join(kube, 'overlays/class-300');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML, checked field by field below
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; data?: any };

const kustomize = (dir: string) =>
  new Promise<K8sObject[]>((resolve, reject) =>
    execFile('kubectl', ['kustomize', dir], { maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`kubectl kustomize ${dir}: ${error.message}\n${stderr}`))
        : resolve(yaml.loadAll(stdout) as K8sObject[]),
    ),
  );

/** Validates an object with the model class of its apiVersion and kind; throws naming what is wrong. */
function validate(object: K8sObject): void {
  const [group, version] = object.apiVersion.includes('/')
    ? object.apiVersion.split('/')
    : ['', object.apiVersion];
  const models = require(`kubernetes-models/${group ? `${group}/` : ''}${version}`) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >;
  const Model = models[object.kind];
  if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
}

// kubectl comes with the build machines' image (1.32); Debian's kubernetes-client (1.20) is too old
// for these manifests and nothing else installable here renders Kustomize. A machine without a
// kubectl skips the rendering, and says so, rather than fail for want of a tool.
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
if (kubectl.status !== 0)
  console.warn('test/deploy/kubernetes.test.ts: no kubectl on this machine, manifests not rendered');

describe.skipIf(kubectl.status !== 0)('the Kubernetes manifests', () => {
  let base: K8sObject[] = [];
  let rendered: K8sObject[] = [];
  beforeAll(async () => {
    [base, rendered] = await Promise.all([kustomize(join(kube, 'base')), kustomize(overlay)]);
  }, 60_000);
  const all = (kind: string) => rendered.filter((o) => o.kind === kind);

  it('has the class overlay that make-class.mjs writes from class.json and roster.csv', async () => {
    const { classOverlay } = (await import(join(kube, 'make-class.mjs'))) as {
      classOverlay(dir: string): Record<string, string>;
    };
    const written = classOverlay(overlay);
    for (const [name, text] of Object.entries(written))
      expect(readFileSync(join(overlay, name), 'utf8'), name).toBe(text);
    const labs = readdirSync(join(overlay, 'labs')).map((f) => `labs/${f}`);
    expect(labs.sort()).toEqual(
      Object.keys(written)
        .filter((f) => f.startsWith('labs/'))
        .sort(),
    );
  });

  it('renders objects that each pass the Kubernetes API schemas', () => {
    expect(base.map((o) => o.kind).sort()).toEqual([
      'Deployment',
      'NetworkPolicy',
      'Service',
      'Service',
      'StatefulSet',
    ]);
    expect(rendered.length).toBe(17);
    for (const object of [...base, ...rendered])
      expect(() => validate(object), `${object.kind} ${object.metadata.name}`).not.toThrow();
  });

  it('has a validator that finds a broken object', () => {
    const statefulSet = structuredClone(all('StatefulSet')[0]!);
    statefulSet.spec.template.spec.containers[0].ports[0].containerPort = 'seventy-four';
    expect(() => validate(statefulSet)).toThrow(/containerPort must be integer/);
    delete statefulSet.spec.selector;
    expect(() => validate(statefulSet)).toThrow(/selector/);
  });

  it("runs one `tagsim lab` per pod, from the pod's own lab file, with the Secret's token and probes on the status route", () => {
    const [statefulSet] = all('StatefulSet');
    const pods = statefulSet!.spec.replicas as number;
    const configMap = all('ConfigMap').find((c) => c.metadata.name.startsWith('tagsim-labs-'));
    const container = statefulSet!.spec.template.spec.containers[0];
    expect(container.image).toBe('registry.example/tagsim:0.1.0');
    for (let n = 0; n < pods; n++) {
      const args = (container.args as string[]).map((a) => a.replace('$(POD_NAME)', `tagsim-lab-${n}`));
      const command = parseCli(args);
      expect(command).toMatchObject({
        command: 'lab',
        stations: { labFile: `/lab/tagsim-lab-${n}.json` },
        host: '0.0.0.0',
      });
      const file = parseLabFile(configMap!.data[`tagsim-lab-${n}.json`] as string, `tagsim-lab-${n}.json`);
      expect(file.stations.length).toBeGreaterThan(0);
      expect(file.stations.length).toBeLessThanOrEqual(64);
    }
    expect(Object.keys(configMap!.data as object)).toHaveLength(pods);
    const volumes = statefulSet!.spec.template.spec.volumes as {
      name: string;
      configMap?: { name: string };
      secret?: { secretName: string };
    }[];
    expect(volumes.find((v) => v.configMap)?.configMap?.name).toBe(configMap!.metadata.name);
    expect(volumes.find((v) => v.secret)?.secret?.secretName).toBe('tagsim-instructor');
    const mounts = container.volumeMounts as { name: string; mountPath: string }[];
    expect(mounts.find((m) => m.name === volumes.find((v) => v.secret)!.name)?.mountPath).toBe(
      '/run/secrets/tagsim',
    );
    const dashboardPort = Number(container.args[container.args.indexOf('--dashboard-port') + 1]);
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      expect(container[probe].httpGet, probe).toEqual({ path: '/healthz', port: 'dashboard' });
    }
    expect(container.ports).toEqual([{ name: 'dashboard', containerPort: dashboardPort }]);
    expect(container.resources.requests).toMatchObject({
      cpu: expect.any(String),
      memory: expect.any(String),
    });
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
    });
  });

  it("lets each student's address reach its own station's port only, through its pod's Service", () => {
    const roster = readFileSync(join(overlay, 'roster.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const perPod = (
      JSON.parse(readFileSync(join(overlay, 'class.json'), 'utf8')) as { stationsPerPod: number }
    ).stationsPerPod;
    const policies = all('NetworkPolicy').filter((p) => p.metadata.name.endsWith('-students'));
    const services = all('Service').filter((s) => s.metadata.name.endsWith('-stations'));
    const pods = all('StatefulSet')[0]!.spec.replicas as number;
    expect([policies.length, services.length]).toEqual([pods, pods]);
    const reaches = new Map<string, string[]>();
    for (const policy of policies) {
      const pod = policy.spec.podSelector.matchLabels['statefulset.kubernetes.io/pod-name'] as string;
      for (const rule of policy.spec.ingress as {
        from: { ipBlock: { cidr: string } }[];
        ports: { port: number }[];
      }[]) {
        for (const from of rule.from)
          for (const port of rule.ports)
            reaches.set(from.ipBlock.cidr, [
              ...(reaches.get(from.ipBlock.cidr) ?? []),
              `${pod}:${port.port}`,
            ]);
      }
    }
    expect(reaches.size).toBe(roster.length);
    for (const [station, , address] of roster) {
      const k = Number(station) - 1;
      expect(reaches.get(`${address}/32`), `station ${station}`).toEqual([
        `tagsim-lab-${Math.floor(k / perPod)}:${7410 + (k % perPod)}`,
      ]);
    }
    for (const service of services) {
      const pod = Number(
        /tagsim-lab-(\d+)/.exec(service.spec.selector['statefulset.kubernetes.io/pod-name'] as string)![1],
      );
      expect(pod).toBeLessThan(pods);
      expect(service.spec.externalTrafficPolicy).toBe('Local');
      const ports = (service.spec.ports as { port: number }[]).map((p) => p.port);
      expect(ports).toEqual(Array.from({ length: ports.length }, (_, k) => 7410 + k));
    }
  });

  it("runs the class view over every pod, by the pods' stable names and the lab files' station counts", () => {
    const [deployment] = all('Deployment');
    const container = deployment!.spec.template.spec.containers[0];
    expect(parseCli(container.args as string[])).toMatchObject({
      command: 'class',
      labs: '/class/labs.json',
      host: '0.0.0.0',
    });
    const classMap = all('ConfigMap').find((c) => c.metadata.name.startsWith('tagsim-class-'))!;
    const labsMap = all('ConfigMap').find((c) => c.metadata.name.startsWith('tagsim-labs-'))!;
    const volumes = deployment!.spec.template.spec.volumes as { configMap?: { name: string } }[];
    expect(volumes.find((v) => v.configMap)?.configMap?.name).toBe(classMap.metadata.name);
    const { labs } = parseClassFile(classMap.data['labs.json'] as string);
    const pods = all('StatefulSet')[0]!.spec.replicas as number;
    expect(labs.map((lab) => lab.url)).toEqual(
      Array.from({ length: pods }, (_, n) => `http://tagsim-lab-${n}.tagsim-lab:7474`),
    );
    for (const [n, lab] of labs.entries())
      expect(lab.stations).toBe(parseLabFile(labsMap.data[`tagsim-lab-${n}.json`] as string).stations.length);
    expect(labs.reduce((sum, lab) => sum + lab.stations, 0)).toBe(300);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/healthz', port: 'class-view' });
    const policy = base.find((o) => o.kind === 'NetworkPolicy')!;
    expect(policy.spec.ingress[0].from[0].podSelector.matchLabels).toEqual(
      deployment!.spec.template.metadata.labels,
    );
  });
});
