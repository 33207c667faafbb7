// The examples of docs/lab.md are what TagSim reads: the lab file, the actions, the schedule.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { FaultLog } from '../../shared/lab/fault-log.js';
import { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import { parseFaultSchedule } from '../../shared/lab/fault-schedule.js';
import { parseLabAction } from '../../shared/lab/lab-actions.js';
import { parseLabFile } from '../../shared/lab/lab-file.js';
import { bindSchedule } from '../../shared/lab/schedule-runner.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';

const doc = readFileSync(new URL('../../docs/lab.md', import.meta.url), 'utf8');
// The blocks of the lab itself; an exercise's (`<!-- example: exercise -->`) has its own test.
const blocks = [...doc.matchAll(/(<!-- example: \w+ -->\n\n)?```json\n([\s\S]*?)```/g)]
  .filter((m) => m[1] === undefined)
  .map((m) => m[2]!);

describe('docs/lab.md', () => {
  it('shows a lab file, actions and a schedule that TagSim reads as they are', () => {
    expect(blocks).toHaveLength(5);
    const [labFile, studentLab, controllers, actions, schedule] = blocks;
    expect(parseLabFile(controllers!).stations.map((st) => st.modbusClient)).toEqual([
      { host: '192.168.10.11', port: 502 },
      { host: '192.168.10.12', port: 5020 },
    ]);
    expect(parseLabFile(labFile!).stations).toHaveLength(3);
    expect(parseLabFile(studentLab!).stations.map((st) => [st.studentMode?.allow, st.controlApi])).toEqual([
      [['simulation'], 'instructor'],
      [['simulation', 'faults', 'clock'], 'instructor'],
    ]);
    for (const line of actions!.trim().split('\n'))
      expect(parseLabAction(JSON.parse(line))).toHaveProperty('action');
    const stations = [1, 2, 3, 4].map((number) => ({
      number,
      engine: new TagEngine(builtinScene('Sorting by Height (Basic)')!),
      hidden: new HiddenFaults(),
      instructor: new InstructorFaults(),
    }));
    const bound = bindSchedule(parseFaultSchedule(schedule!), stations, {
      seed: 1,
      log: new FaultLog(),
      now: () => 0,
    });
    expect(bound).toHaveProperty('runner');
  });
});
