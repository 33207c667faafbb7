// The benchmark's report: Markdown tables of throughput, CPU per request, scaling with the
// number of tags, the goals and the start-up figure.

/** tagsim is TagSim as `tagsim serve` runs it; api is createApiServer alone (serve-for-bench.mjs). */
export const LABEL = { tagsim: 'TagSim', naive: 'naive', bare: 'bare', api: 'createApiServer' };

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export const fmtRps = (n) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n) => n.toFixed(n < 10 ? 2 : 1);
export const fmtN = (n) => n.toLocaleString('en-US');
export const fmtUs = (n) => (n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));
const fmtBytes = (n) => (n >= 10_000 ? `${Math.round(n / 1024).toLocaleString('en-US')} KiB` : `${n} B`);
const fmtRatio = (r) => `${r.median.toFixed(2)} (${r.min.toFixed(2)}-${r.max.toFixed(2)})`;
// Whether a plant moved values between polls: 'still' (no plant writes; TagSim's simulation still
// runs its lifecycle, as `tagsim serve --synthetic N` does) or 'moving' (the sine plant).
const plantLabel = (row) => (row.plant ? 'moving' : 'still');

function throughput(results, servers) {
  console.log(
    '\nThroughput (req/s). Ratios: median of the paired rounds (min-max); above 1, TagSim is faster.\n',
  );
  const others = servers.filter((k) => k !== 'tagsim');
  console.log(
    table(
      [
        'N',
        'Route',
        'Values',
        'Body',
        ...servers.map((k) => `${LABEL[k]} req/s`),
        ...others.map((k) => `TagSim / ${LABEL[k]}`),
        'TagSim p50 / p99 ms',
      ],
      results.map((r) => [
        fmtN(r.tagCount),
        r.route,
        plantLabel(r),
        fmtBytes(r.bytes),
        ...servers.map((k) => fmtRps(r.stats[k].rps)),
        ...others.map((k) => fmtRatio(r.ratios[k])),
        `${fmtMs(r.stats.tagsim.p50)} / ${fmtMs(r.stats.tagsim.p99)}`,
      ]),
    ),
  );

  console.log(
    '\nServer CPU time per request (us; user + system of the server process, its plant included):\n',
  );
  console.log(
    table(
      [
        'N',
        'Route',
        'Values',
        ...servers.map((k) => `${LABEL[k]} us/req`),
        ...others.map((k) => `${LABEL[k]} / TagSim`),
        ...servers.map((k) => `${LABEL[k]} busy`),
      ],
      results.map((r) => [
        fmtN(r.tagCount),
        r.route,
        plantLabel(r),
        ...servers.map((k) => fmtUs(r.stats[k].cpuPerRequestUs)),
        ...others.map((k) => (r.stats[k].cpuPerRequestUs / r.stats.tagsim.cpuPerRequestUs).toFixed(2)),
        ...servers.map((k) => `${Math.round(r.stats[k].serverBusy * 100)}%`),
      ]),
    ),
  );
}

/** Prints the scaling table; returns how many TagSim cases grow faster than linear. */
function scaling(results, servers, margin) {
  const counts = [...new Set(results.map((r) => r.tagCount))];
  const small = Math.min(...counts);
  const large = Math.max(...counts);
  if (large === small) return 0;
  const growth = large / small;
  const limit = growth * (1 + margin);
  console.log(
    `\nScaling from N=${fmtN(small)} to N=${fmtN(large)} (${fmtN(growth)}x the tags). Slowdown = req/s at ` +
      `N=${fmtN(small)} / req/s at N=${fmtN(large)}: linear in N means at most ${fmtN(growth)}x ` +
      `(flagged above ${fmtN(limit)}x, a ${margin * 100}% margin for noise).\n`,
  );
  let superlinear = 0;
  const rows = [];
  const cases = [...new Set(results.map((r) => `${r.route}|${r.plant}`))].map((key) => {
    const [route, plant] = key.split('|');
    return [route, plant === 'true'];
  });
  for (const [route, plant] of cases) {
    const at = (n) => results.find((r) => r.route === route && r.plant === plant && r.tagCount === n);
    if (!at(small) || !at(large)) continue;
    for (const kind of servers) {
      const slowdown = at(small).stats[kind].rps / at(large).stats[kind].rps;
      let verdict = 'ok: linear or better';
      if (slowdown > limit) {
        if (kind === 'tagsim') superlinear++;
        verdict = `SLOWER THAN LINEAR (> ${fmtN(limit)}x)`;
      } else if (slowdown > growth) verdict = 'about linear (within the noise margin)';
      rows.push([
        route,
        plantLabel(at(small)),
        LABEL[kind],
        fmtRps(at(small).stats[kind].rps),
        fmtRps(at(large).stats[kind].rps),
        `${slowdown.toFixed(1)}x`,
        verdict,
      ]);
    }
  }
  console.log(
    table(
      [
        'Route',
        'Values',
        'Server',
        `req/s N=${fmtN(small)}`,
        `req/s N=${fmtN(large)}`,
        'Slowdown',
        'Verdict',
      ],
      rows,
    ),
  );
  return superlinear;
}

function startupReport(s) {
  console.log(`\nStart-up: tagsim serve --synthetic ${fmtN(s.tagCount)}, median of ${s.runs} starts:\n`);
  console.log(
    table(
      ['Listening after', 'RSS then', 'First GET /api/tag/values', 'First GET /api/tags', 'RSS after both'],
      [
        [
          `${Math.round(s.listenMs)} ms (slowest ${Math.round(s.listenMsMax)} ms)`,
          `${Math.round(s.rssListening)} MiB`,
          `${Math.round(s.firstValuesMs)} ms, ${fmtBytes(s.valuesBytes)}`,
          `${Math.round(s.firstTagsMs)} ms, ${fmtBytes(s.tagsBytes)}`,
          `${Math.round(s.rssServed)} MiB`,
        ],
      ],
    ),
  );
}

/** Prints every table and the goals; returns the goals that were not met. */
export function report({ results, servers, goals, startup, startupGoalMs, linearMargin }) {
  if (results.length > 0) throughput(results, servers);
  const superlinear = results.length > 0 ? scaling(results, servers, linearMargin) : 0;
  if (startup) startupReport(startup);

  console.log('\nGoals:');
  const missed = [];
  const verdict = (label, met, detail) => {
    console.log(`  ${met ? 'MET    ' : 'NOT MET'} ${label}: ${detail}`);
    if (!met) missed.push(label);
  };
  for (const goal of goals) {
    const row = results.find(
      (r) => r.tagCount === goal.tagCount && r.route === goal.route && r.plant === goal.plant,
    );
    if (!row) continue;
    const label = `${goal.route} at N=${fmtN(goal.tagCount)}, values ${plantLabel(goal)}, >= ${goal.ratio.toFixed(1)}x naive`;
    verdict(label, row.ratios.naive.median >= goal.ratio, `${row.ratios.naive.median.toFixed(2)}x`);
  }
  if (new Set(results.map((r) => r.tagCount)).size > 1) {
    verdict(
      'every TagSim route linear or better in N',
      superlinear === 0,
      `${superlinear} cases above the margin`,
    );
  }
  if (startup) {
    verdict(
      `${fmtN(startup.tagCount)} tags listen in under ${startupGoalMs / 1000} s`,
      startup.listenMs < startupGoalMs,
      `${Math.round(startup.listenMs)} ms (median), RSS ${Math.round(startup.rssServed)} MiB after the first reads`,
    );
  }
  return missed;
}
