import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { errorResponse, meResponse } from '../../shared/api';
import { assignmentCard, assignmentDetail, submissionRow } from '../../shared/assignments';
import { evaluationRun, submissionDetail } from '../../shared/evaluations';
import { notice, regradeRequest, rubricItem } from '../../shared/review';

/**
 * The shared schemas the OpenAPI document names as components (and refers to with `$ref`)
 * instead of repeating them in every operation. They are named here, on the server, in zod's
 * global registry (where `.describe()` keeps descriptions), so `src/shared` stays free of it.
 */
const components: Record<string, z.ZodType> = {
  Error: errorResponse,
  User: meResponse,
  AssignmentCard: assignmentCard,
  AssignmentDetail: assignmentDetail,
  SubmissionRow: submissionRow,
  SubmissionDetail: submissionDetail,
  EvaluationRun: evaluationRun,
  RubricItem: rubricItem,
  RegradeRequest: regradeRequest,
  Notice: notice,
};
for (const [id, schema] of Object.entries(components)) {
  const meta = z.globalRegistry.get(schema);
  if (meta?.id !== id) z.globalRegistry.add(schema, { ...meta, id });
}

/** Turns a route's zod schemas into the JSON Schemas of its OpenAPI operation. */
export const zodTransform = jsonSchemaTransform;

const withComponents = jsonSchemaTransformObject;

/**
 * Adds the named components to the document, keeping only those an operation (or another kept
 * component) refers to: the provider emits an input and an output variant of every one.
 */
export const addComponents: typeof withComponents = (input) => {
  const doc = withComponents(input) as OpenAPIV3_1.Document;
  const schemas = doc.components?.schemas ?? {};
  const { components: _all, ...rest } = doc;
  const used = new Set<string>();
  let text = JSON.stringify(rest);
  for (let grew = true; grew;) {
    grew = false;
    for (const name of Object.keys(schemas)) {
      if (used.has(name) || !text.includes(`"#/components/schemas/${name}"`)) continue;
      used.add(name);
      text += JSON.stringify(schemas[name]);
      grew = true;
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...doc.components, schemas: kept } } as ReturnType<
    typeof withComponents
  >;
};
