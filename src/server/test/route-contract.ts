import type { RouteOptions } from 'fastify';
import { undocumentedRoutes } from '../openapi/openapi';

type RouteSchema = {
  summary?: string;
  tags?: readonly string[];
  params?: unknown;
  response?: Record<string, unknown>;
  consumes?: readonly string[];
  hide?: boolean;
};

/** Whether a route is one of the few that may go without a schema (each says why in openapi.ts). */
export const isAllowedWithoutSchema = (url: string) =>
  undocumentedRoutes.some((r) => r.url.test(url));

/**
 * What a route's declared contract lacks, in words (empty when nothing): a schema at all, a
 * summary and tag for the reference, its path parameters, a success reply, and the error reply
 * every route can send (500). HEAD routes copy their GET route's schema and are skipped.
 */
export function contractProblems(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): string[] {
  const methods = ([] as string[]).concat(route.method);
  if (methods.every((m) => m === 'HEAD')) return [];
  const name = `${methods.join(',')} ${route.url}`;
  const schema = route.schema as RouteSchema | undefined;
  if (!schema) return [`${name}: no schema`];
  const problems: string[] = [];
  if (schema.hide) problems.push(`${name}: hidden from the OpenAPI document`);
  if (!schema.summary) problems.push(`${name}: no summary`);
  if (!schema.tags?.length) problems.push(`${name}: no tag`);
  const hasParams = /[:*]/.test(route.url);
  if (hasParams && !schema.params) problems.push(`${name}: path parameters not declared`);
  const statuses = Object.keys(schema.response ?? {});
  if (!statuses.some((s) => /^2\d\d$/.test(s))) problems.push(`${name}: no success reply`);
  if (!statuses.includes('500')) problems.push(`${name}: no 500 reply`);
  return problems;
}
