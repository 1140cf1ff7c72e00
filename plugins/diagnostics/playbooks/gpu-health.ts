// GPU health through nvidia-smi when the machine has one: temperature and memory use per GPU.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { finding } from '../finding.ts';
import type { Playbook } from './playbook.ts';

const run = promisify(execFile);

/** `bin` is nvidia-smi as found on PATH; tests hand it a stand-in. */
export function gpuHealth(bin = 'nvidia-smi'): Playbook {
  return {
    name: 'gpu',
    async run(env) {
      let out: string;
      try {
        out = (
          await run(
            bin,
            [
              '--query-gpu=index,name,temperature.gpu,memory.used,memory.total',
              '--format=csv,noheader,nounits',
            ],
            {
              timeout: env.settings.probeTimeoutMs,
            },
          )
        ).stdout;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT')
          return finding('gpu', 'skipped', 'There is no NVIDIA GPU (nvidia-smi is not installed).');
        return finding('gpu', 'warning', 'nvidia-smi failed; the GPU driver may be in trouble.', {
          remedy: 'Run nvidia-smi by hand to see the error; a driver update or a reboot usually clears it.',
          details: { reason: (err as Error).message.split('\n')[0] },
        });
      }
      const gpus = out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [index, name, temp, used, total] = line.split(',').map((s) => s.trim());
          return {
            index: Number(index),
            name,
            temperatureC: Number(temp),
            memoryUsedMiB: Number(used),
            memoryTotalMiB: Number(total),
          };
        });
      const hot = gpus.filter((g) => g.temperatureC >= env.settings.gpuTempWarnCelsius);
      const full = gpus.filter(
        (g) =>
          g.memoryTotalMiB > 0 &&
          (g.memoryUsedMiB / g.memoryTotalMiB) * 100 >= env.settings.gpuMemoryWarnPercent,
      );
      if (hot.length)
        return finding('gpu', 'warning', `GPU ${hot[0].index} is at ${hot[0].temperatureC} °C.`, {
          remedy: 'Check the fans and airflow around the machine; clean dust filters.',
          details: { gpus },
        });
      if (full.length)
        return finding('gpu', 'warning', `GPU ${full[0].index}'s memory is nearly full.`, {
          remedy: 'Use a smaller model or a shorter context size, or stop other programs using the GPU.',
          details: { gpus },
        });
      return finding('gpu', 'ok', `${gpus.length} GPU(s) healthy.`, { details: { gpus } });
    },
  };
}
