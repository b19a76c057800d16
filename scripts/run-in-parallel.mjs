#!/usr/bin/env node
// Runs shell commands side by side, as many at once as the machine has cores, and fails when any of them fails.
// Each command's output is printed whole when it ends (never interleaved), so a failure reads as it would alone.
// Used for checks that are independent and mostly single-threaded (the type-check of each TypeScript project).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/run-in-parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`${ok ? '✓' : '✗'} ${command} (${seconds} s${ok ? '' : `, exit ${code ?? signal}`})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

const queue = [...commands];
let failed = 0;
async function worker() {
  for (let command = queue.shift(); command; command = queue.shift()) {
    if (!(await run(command))) failed += 1;
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), commands.length) }, worker));
if (failed > 0) {
  console.error(`${failed} of ${commands.length} commands failed`);
  process.exit(1);
}
