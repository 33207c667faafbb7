// Test-only: saves scene files from a child process that the crash-safety test kills.
//   node crash-save.mjs <file> before-rename <name>   save <name>, SIGKILL itself just before the rename
//   node crash-save.mjs <file> loop <n>               save "Version <n>", "Version <n+1>"... until killed
// It uses the built dist/ (the test setup builds it), as the real app would.
import { writeSceneFile } from '../../../dist/main/storage/scene-files.js';
import { builtinScene } from '../../../dist/shared/scenes/builtin-scenes.js';

const [path, mode, name] = process.argv.slice(2);
const scene = (sceneName) => ({ ...builtinScene('Sorting by Height (Basic)'), name: sceneName });

if (mode === 'before-rename') {
  await writeSceneFile(path, scene(name), {
    overwrite: true,
    beforeRename: () => {
      process.kill(process.pid, 'SIGKILL');
      return new Promise(() => undefined); // never goes on: the process is gone
    },
  });
} else if (mode === 'loop') {
  for (let n = Number(name); ; n++) {
    await writeSceneFile(path, scene(`Version ${n}`), { overwrite: true });
    if (n === Number(name)) process.stdout.write('saving\n');
  }
} else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
