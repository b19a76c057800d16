/**
 * Zod probes `new Function` to compile fast parsers; the Content-Security-Policy (no 'unsafe-eval') refuses it and
 * reports a violation even though Zod catches the error. Jitless parsing is plenty fast for forms. Zod keeps its
 * configuration on `globalThis.__zod_globalConfig` (what `z.config()` writes); setting it here, before any Zod module
 * loads, keeps Zod out of the first-visit bundle. e2e/tests/content-security-policy.spec.ts fails if Zod stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
