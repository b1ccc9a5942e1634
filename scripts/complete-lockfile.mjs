// Completes package-lock.json for `npm ci` on machines whose registry serves only their own platform's
// packages (as this project's CI machine does). npm records a platform-specific optional dependency (biome's and
// rollup's native binaries for other systems) only when the registry answers for it; `npm ci` then refuses the
// lock as out of sync. This adds the missing entries with their os/cpu/libc, so npm skips them everywhere else,
// exactly as it would with a lock written on an unrestricted machine. Safe to run any number of times.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const platform =
  /[-/](android|darwin|freebsd|linux|openbsd|openharmony|win32|windows)-(arm64|aarch64|x64|64|ia32|loong64|ppc64|riscv64|s390x|arm)(?:-(gnu|glibc|musl|gnueabihf|musleabihf|eabi|msvc))?$/;
// Some packages spell the platform their own way (workerd: `windows-64`; bun: `aarch64`): npm's names here.
const osNames = { windows: 'win32' };
const cpuNames = { aarch64: 'arm64', 64: 'x64' };

let added = 0;
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const match = platform.exec(name);
    if (packages[key] || !match) continue;
    const [, os, cpu, abi] = match;
    const stub = {
      version,
      dev: entry.dev,
      optional: true,
      os: [osNames[os] ?? os],
      cpu: [cpuNames[cpu] ?? cpu],
    };
    if (abi?.startsWith('musl')) stub.libc = ['musl'];
    else if (abi?.startsWith('gnu')) stub.libc = ['glibc'];
    if (!stub.dev) delete stub.dev;
    packages[key] = stub;
    added += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entries added`);
