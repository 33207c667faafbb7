#!/usr/bin/env node
// Writes the Kustomize overlay of a class from its roster: `node deploy/kubernetes/make-class.mjs
// deploy/kubernetes/overlays/class-300`. The folder holds class.json (the scene, stations per
// pod) and roster.csv (station,label,address: one line per student, the address of the machine
// the student works from); the script writes, beside them, kustomization.yaml, one lab file per
// pod (labs/tagsim-lab-N.json), the students' Services and the NetworkPolicies that let each
// student's address reach only its own station's port. Kustomize has no loops, and a class of
// 300 is 300 ports and 300 rules: they are generated, never edited by hand
// (test/deploy/kubernetes.test.ts checks that the committed overlay is this script's output).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const FIRST_PORT = 7410;
const MAX_STATIONS_PER_POD = 64;

export function classOverlay(dir) {
  const settings = JSON.parse(readFileSync(join(dir, 'class.json'), 'utf8'));
  const perPod = settings.stationsPerPod;
  if (!Number.isInteger(perPod) || perPod < 1 || perPod > MAX_STATIONS_PER_POD)
    throw new Error(`class.json: stationsPerPod must be from 1 to ${MAX_STATIONS_PER_POD}; got ${perPod}`);
  const students = readFileSync(join(dir, 'roster.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line, i) => {
      const [station, label, address] = line.split(',').map((cell) => cell.trim());
      if (Number(station) !== i + 1)
        throw new Error(`roster.csv line ${i + 2}: station ${station}, expected ${i + 1}`);
      if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(address ?? ''))
        throw new Error(`roster.csv line ${i + 2}: '${address}' is not an IPv4 address`);
      return { label, address };
    });
  const pods = Array.from({ length: Math.ceil(students.length / perPod) }, (_, n) =>
    students.slice(n * perPod, (n + 1) * perPod),
  );
  const files = {};
  pods.forEach((stations, n) => {
    files[`labs/tagsim-lab-${n}.json`] = `${JSON.stringify(
      { stations: stations.map((s) => ({ scene: settings.scene, label: s.label })) },
      null,
      2,
    )}\n`;
  });
  files['class-view/labs.json'] = `${JSON.stringify(
    {
      labs: pods.map((stations, n) => ({
        name: `tagsim-lab-${n}`,
        url: `http://tagsim-lab-${n}.tagsim-lab:7474`,
        tokenFile: '/run/secrets/tagsim/token',
        stations: stations.length,
      })),
    },
    null,
    2,
  )}\n`;
  files['stations-services.yaml'] = pods.map((stations, n) => service(n, stations)).join('---\n');
  files['networkpolicies.yaml'] = pods.map((stations, n) => policy(n, stations)).join('---\n');
  files['kustomization.yaml'] = kustomization(settings, pods.length);
  return files;
}

const header = (text) =>
  `# Written by deploy/kubernetes/make-class.mjs from class.json and roster.csv: ${text}\n`;

function service(n, stations) {
  return `${header(`pod ${n}'s stations, one port each.`)}apiVersion: v1
kind: Service
metadata:
  name: tagsim-lab-${n}-stations
spec:
  type: LoadBalancer
  # Keeps the student's own address as the source, which the NetworkPolicy checks.
  externalTrafficPolicy: Local
  selector:
    statefulset.kubernetes.io/pod-name: tagsim-lab-${n}
  ports:
${stations.map((_, k) => `    - name: station-${k + 1}\n      port: ${FIRST_PORT + k}\n      targetPort: ${FIRST_PORT + k}\n`).join('')}`;
}

function policy(n, stations) {
  return `${header(`pod ${n}: each student's address reaches its own station's port only.`)}apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: tagsim-lab-${n}-students
spec:
  podSelector:
    matchLabels:
      statefulset.kubernetes.io/pod-name: tagsim-lab-${n}
  policyTypes: [Ingress]
  ingress:
${stations
  .map(
    (s, k) =>
      `    - from: # ${s.label}\n        - ipBlock:\n            cidr: ${s.address}/32\n      ports:\n        - protocol: TCP\n          port: ${FIRST_PORT + k}\n`,
  )
  .join('')}`;
}

function kustomization(settings, podCount) {
  const labs = Array.from({ length: podCount }, (_, n) => `      - labs/tagsim-lab-${n}.json\n`).join('');
  return `${header('the overlay of one class.')}apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: ${settings.namespace}
resources:
  - ../../base
  - stations-services.yaml
  - networkpolicies.yaml
replicas:
  - name: tagsim-lab
    count: ${podCount}
configMapGenerator:
  - name: tagsim-labs
    files:
${labs}  - name: tagsim-class
    files:
      - class-view/labs.json
images:
  - name: tagsim
    newName: ${settings.image}
    newTag: ${settings.tag}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node deploy/kubernetes/make-class.mjs <overlay folder>');
  for (const [name, text] of Object.entries(classOverlay(dir))) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}
