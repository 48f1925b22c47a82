import { describe, expect, it } from 'vitest';
import { colorResource } from '#common/resources/color.ts';
import * as colorService from '#server/modules/color/color.service.ts';
import type { KitService } from './kit-service.ts';
import { type KitRegistry, STORE_RESOURCES } from './registry.ts';

// The registry takes a resource's service only when it has every operation the kit's screens and
// API call: a service that forgets one fails `tsc` here, where it used to fail a request. Each
// `@ts-expect-error` below is itself an error (`Unused '@ts-expect-error' directive`) the day the
// registry accepts what it marks.

/** The operations every kit service has (the optional `formOptions` and `related` aside). */
const OPERATIONS = ['list', 'get', 'create', 'update', 'remove', 'cascade', 'cascadeMany', 'bulk'] as const satisfies readonly (keyof KitService)[];
// …and the list is all of them: a new required operation of `KitService` fails `tsc` here until listed.
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
const listed: Record<RequiredKeys<KitService>, true> = Object.fromEntries(OPERATIONS.map((name) => [name, true])) as Record<(typeof OPERATIONS)[number], true>;

const { bulk: _bulk, ...withoutBulk } = colorService;
const { cascadeMany: _cascadeMany, ...withoutCascadeMany } = colorService;

describe('the kit registry', () => {
  it('refuses, at compile time, a service that lacks an operation the kit calls or answers another shape', () => {
    // @ts-expect-error -- no `bulk`: the list's bulk actions and POST …/bulk call it
    const noBulk = { ...STORE_RESOURCES, color: { resource: colorResource, service: withoutBulk } } satisfies KitRegistry;
    // @ts-expect-error -- no `cascadeMany`: a bulk delete's confirmation calls it
    const noCascadeMany = { ...STORE_RESOURCES, color: { resource: colorResource, service: withoutCascadeMany } } satisfies KitRegistry;
    // @ts-expect-error -- `formOptions` must answer the form's choices, not a list of names
    const wrongOptions = { ...STORE_RESOURCES, color: { resource: colorResource, service: { ...colorService, formOptions: async () => ['red'] } } } satisfies KitRegistry;
    // @ts-expect-error -- the service of another resource's key
    const wrongKey = { ...STORE_RESOURCES, color: STORE_RESOURCES.size } satisfies KitRegistry;
    const complete = { ...STORE_RESOURCES, color: { resource: colorResource, service: colorService } } satisfies KitRegistry;
    expect([noBulk, noCascadeMany, wrongOptions, wrongKey].map((registry) => Object.keys(registry).length)).toEqual(Array(4).fill(Object.keys(complete).length));
  });

  it('holds, for every resource, a service exporting every operation', () => {
    expect(Object.keys(listed).sort()).toEqual([...OPERATIONS].sort());
    for (const [key, { resource, service }] of Object.entries(STORE_RESOURCES)) {
      expect(resource.key).toBe(key);
      for (const operation of OPERATIONS) expect(typeof (service as Record<string, unknown>)[operation], `${key}.${operation}`).toBe('function');
    }
  });
});
