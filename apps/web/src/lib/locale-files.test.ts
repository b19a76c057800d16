import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@goodtable/shared';

const localesDir = path.resolve(import.meta.dirname, '../../public/locales');

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function readNamespace(locale: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(localesDir, locale, file), 'utf8'));
}

describe('locale files', () => {
  const namespaces = readdirSync(path.join(localesDir, 'en')).filter((file) => file.endsWith('.json'));

  it('exist for every locale with the same namespaces', () => {
    expect(namespaces).toContain('common.json');
    for (const locale of LOCALES) {
      expect(readdirSync(path.join(localesDir, locale)).filter((file) => file.endsWith('.json')).sort()).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('%s has the same keys, all non-empty, in every locale', (file) => {
    const englishKeys = keyPaths(readNamespace('en', file)).sort();
    for (const locale of LOCALES) {
      const translation = readNamespace(locale, file);
      expect(keyPaths(translation).sort(), `${locale}/${file}`).toEqual(englishKeys);
      const empty = keyPaths(translation).filter((key) => {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translation);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, `${locale}/${file}`).toEqual([]);
    }
  });

  it('translate every validation key of the shared schemas', () => {
    const sharedDir = path.resolve(import.meta.dirname, '../../../../packages/shared/src');
    // domain-errors.ts lists the API's error codes (`validation.failed` among them), translated under `errors.`: not field messages.
    const sources = readdirSync(sharedDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'domain-errors.ts');
    const keys = new Set(sources.flatMap((file) => [...readFileSync(path.join(sharedDir, file), 'utf8').matchAll(/'(validation\.[a-zA-Z]+)'/g)].map((match) => match[1]!)));
    expect(keys.size).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const common = keyPaths(readNamespace(locale, 'common.json'));
      expect([...keys].filter((key) => !common.includes(key)), locale).toEqual([]);
    }
  });
});
