#!/usr/bin/env node
// Security gate for the Electron code (`npm run security:scan`, run by CI after lint).
//
// Runs @doyensec/electronegativity over the code that runs in Electron (main/electron,
// main/preload, renderer/ with its index.html as served, CSP inserted from the built
// main/ui-host/renderer-files.js, and package.json for the Electron version), writes
// the report to out/security/electronegativity.csv, prints every finding, and exits 1 if any
// finding is HIGH severity (electronegativity itself always exits 0). Exits 2 if the scan could
// not read a file, since a partial scan proves nothing. Each remaining finding is justified in
// docs/security.md; a false positive is silenced next to the code with
// `// eng-disable CHECK_ID` on the reported line, and the gate lists every such comment.
//
// Usage: node scripts/security-gate.mjs [--input <dir>] [--report <file.csv>]
//   --input   scan this directory as it is instead of the project's Electron code (for tests)
//   --report  where to write the CSV report (default out/security/electronegativity.csv)
//
// electronegativity is called through its own runner (the function its CLI calls) rather than its
// CLI: the CLI's SARIF output has no severity, and its CSV writer writes the header and the rows
// with two unsynchronised asynchronous writes, which can lose the rows. The checks are the same.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** What runs inside Electron, relative to the project root. */
const ELECTRON_CODE = ['main/electron', 'main/preload', 'renderer', 'package.json'];

/**
 * Checks left out, and why. AvailableSecurityFixesGlobalCheck downloads Electron's release list
 * from GitHub on every run, which CI cannot reach; keeping Electron current is done by updating
 * the `electron` devDependency (docs/security.md).
 */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

const SEVERITY_ORDER = ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'];

const { values: args } = parseArgs({
  options: { input: { type: 'string' }, report: { type: 'string' } },
});

function stageElectronCode() {
  const staging = mkdtempSync(join(tmpdir(), 'tagsim-security-'));
  let copied = 0;
  for (const path of ELECTRON_CODE) {
    const from = join(root, path);
    if (!existsSync(from)) {
      console.warn(`security-gate: ${path} does not exist, not scanned`);
      continue;
    }
    cpSync(from, join(staging, path), { recursive: true });
    copied++;
  }
  if (!existsSync(join(root, 'main/electron'))) {
    throw new Error('security-gate: main/electron is missing: there is no Electron code to scan');
  }
  return { staging, copied };
}

/**
 * The pages as every host serves them: their source holds a placeholder where the one policy
 * (main/ui-host/renderer-files.ts, as built to dist/) puts its CSP element, so that is scanned.
 */
async function insertPagePolicy(staging) {
  const built = join(root, 'dist/main/ui-host/renderer-files.js');
  if (!existsSync(built))
    throw new Error(
      `security-gate: run npm run build first: the pages get their CSP from ${relative(root, built)}`,
    );
  const { withPagePolicy } = await import(pathToFileURL(built).href);
  for (const file of listFiles(join(staging, 'renderer')).filter((f) => f.endsWith('.html')))
    writeFileSync(file, withPagePolicy(readFileSync(file, 'utf8')));
}

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** Every `eng-disable` comment in the scanned code: findings silenced at the source. */
function listSuppressions(dir) {
  const found = [];
  for (const file of listFiles(dir)) {
    if (!/\.(m?[jt]sx?|cjs|html?)$/.test(file)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const match = /(?:\/\/|\/\*|<!--)\s*eng-disable\s+([\w \t,]+)/.exec(line);
        if (match) found.push(`${relative(dir, file)}:${index + 1} ${match[1].trim()}`);
      });
  }
  return found;
}

const csvField = (value) => `"${String(value ?? '').replace(/"/g, '""')}"`;

function toCsv(issues) {
  const header = ['issue', 'severity', 'confidence', 'filename', 'location', 'sample', 'description', 'url'];
  const rows = issues.map((issue) =>
    [
      issue.id,
      issue.severity.name,
      issue.confidence.name,
      issue.file,
      `${issue.location.line}:${issue.location.column}`,
      issue.sample,
      issue.description,
      `https://github.com/doyensec/electronegativity/wiki/${issue.id}`,
    ]
      .map(csvField)
      .join(','),
  );
  return [header.join(','), ...rows].join('\n') + '\n';
}

async function main() {
  const input = args.input ? resolve(args.input) : undefined;
  const { staging, copied } = input ? { staging: input, copied: 1 } : stageElectronCode();
  const reportPath = resolve(args.report ?? join(root, 'out/security/electronegativity.csv'));
  try {
    if (copied === 0) throw new Error('security-gate: nothing to scan');
    if (!input) await insertPagePolicy(staging);
    const electronVersion = require('electron/package.json').version;
    const { default: run } = await import('@doyensec/electronegativity');
    const result = await run(
      {
        input: staging,
        isRelative: true,
        electronVersionOverride: electronVersion,
        excludeFromScan: EXCLUDED_CHECKS,
        customScan: [],
        parserPlugins: [],
      },
      false,
    );

    const issues = [...result.issues].sort(
      (a, b) =>
        SEVERITY_ORDER.indexOf(a.severity.name) - SEVERITY_ORDER.indexOf(b.severity.name) ||
        a.file.localeCompare(b.file) ||
        a.location.line - b.location.line,
    );
    mkdirSync(dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, toCsv(issues));

    console.log(
      `\nelectronegativity (Electron ${electronVersion}): ${result.atomicChecks} atomic and ` +
        `${result.globalChecks} global checks, ${issues.length} finding(s); report: ${relative(process.cwd(), reportPath)}`,
    );
    for (const issue of issues) {
      const where = `${issue.file}:${issue.location.line}:${issue.location.column}`;
      const review = issue.manualReview ? ' (review)' : '';
      console.log(
        `  ${issue.severity.name.padEnd(13)} ${issue.confidence.name.padEnd(9)} ${issue.id}${review}`,
      );
      console.log(
        `    ${where}  ${String(issue.sample ?? '')
          .trim()
          .slice(0, 140)}`,
      );
      console.log(`    ${issue.description}`);
    }
    const suppressions = listSuppressions(staging);
    if (suppressions.length > 0) {
      console.log('\nSilenced in the code with eng-disable (justified in docs/security.md):');
      for (const s of suppressions) console.log(`  ${s}`);
    }

    if (result.errors.length > 0) {
      console.error(
        '\nsecurity-gate: electronegativity could not read some files, so the scan is incomplete:',
      );
      for (const e of result.errors) console.error(`  ${e.file}: ${e.message}`);
      return 2;
    }
    const high = issues.filter((issue) => issue.severity.name === 'HIGH');
    if (high.length > 0) {
      console.error(
        `\nsecurity-gate: FAILED, ${high.length} HIGH finding(s). Fix them, or if one is a false positive, ` +
          'add `// eng-disable <CHECK_ID>` on the reported line and justify it in docs/security.md.',
      );
      return 1;
    }
    console.log('\nsecurity-gate: passed (no HIGH finding).');
    return 0;
  } finally {
    if (!input) rmSync(staging, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
