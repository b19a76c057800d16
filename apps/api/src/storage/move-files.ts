import type { FileStorage } from './file-storage.ts';

export type MoveReport = { copied: number; alreadyThere: number; deletedFromSource: number };

/**
 * Copies every file of `from` that `to` does not hold yet (keys never change content, so a key already there is the
 * same file); with `deleteSource`, then removes each from `from`. Running it again does only what is left.
 */
export async function moveFiles(options: { from: FileStorage; to: FileStorage; deleteSource?: boolean; onFile?: (line: string) => void }): Promise<MoveReport> {
  const { from, to, deleteSource = false, onFile } = options;
  const report: MoveReport = { copied: 0, alreadyThere: 0, deletedFromSource: 0 };
  // Listed first: the loop may delete from the store it would otherwise be listing.
  const keys: string[] = [];
  for await (const key of from.keys()) keys.push(key);
  for (const key of keys) {
    if (await to.read(key)) {
      report.alreadyThere += 1;
    } else {
      const file = await from.read(key);
      if (!file) continue;
      await to.put(key, { content: file.content, contentType: file.contentType });
      report.copied += 1;
      onFile?.(`copied ${key}`);
    }
    if (deleteSource) {
      await from.delete(key);
      report.deletedFromSource += 1;
    }
  }
  return report;
}
