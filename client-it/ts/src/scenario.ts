// The scenario of client-it's Java GeneratedClientScenarioTest, through a TypeScript client generated from
// openapi.yaml: openapi-typescript turns the document into types (gen/modelgraph.d.ts), openapi-fetch makes the
// calls typed by them, so a route the document mis-describes fails to compile here (tsc) or fails an assertion.
// Run by TypeScriptClientScenarioTest against the local gateway: MG_BASE_URL, MG_TOKEN and MG_PROJECT are set.
import createClient from "openapi-fetch";
import type { paths } from "../gen/modelgraph.js";
import assert from "node:assert/strict";

const baseUrl = required("MG_BASE_URL");
const project = required("MG_PROJECT");
const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${required("MG_TOKEN")}` } });
const projectId = { projectId: project };

/** A source schema of another team: a Patient with a full name and a birth date. */
const PATIENT = JSON.stringify({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $defs: {
    Patient: {
      type: "object",
      required: ["fullName"],
      properties: { fullName: { type: "string" }, birthDate: { type: "string", format: "date" } },
    },
  },
});

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: the scenario runs against a gateway the test starts`);
  }
  return value;
}

/** The data of a successful answer; anything else stops the scenario with the route's envelope. */
function ok<T>(step: string, answer: { data?: T; error?: unknown; response: Response }): T {
  assert.ok(answer.response.ok && answer.data !== undefined,
    `${step}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data as T;
}

async function graphWritesAnExportAndATransformRoundTrip(): Promise<void> {
  // a create retried with the same Idempotency-Key replays the first answer: one node, one id
  const studyBody = { nodeType: "Type" as const, label: "Study" };
  const retried = { path: projectId, header: { "Idempotency-Key": `ts-scenario-study-${project}` } };
  const study = ok("createNode", await client.POST("/v1/{projectId}/node", { params: retried, body: studyBody }))
    .data?.Id;
  assert.ok(study, "createNode answers the new node's Id");
  const again = ok("createNode (retry)", await client.POST("/v1/{projectId}/node",
    { params: retried, body: studyBody }));
  assert.equal(again.data?.Id, study, "the retry replays the first answer");
  const title = ok("createNode title", await client.POST("/v1/{projectId}/node",
    { params: { path: projectId }, body: { nodeType: "Element", label: "title" } })).data?.Id;
  assert.ok(title);
  ok("createRelation", await client.POST("/v1/{projectId}/relation", {
    params: { path: projectId },
    body: { fromNodeId: title, toNodeId: study, relationGroupId: "domain-includes" },
  }));
  const mixin = ok("setMixinValue", await client.POST("/v1/{projectId}/mixinValue", {
    params: { path: projectId },
    body: { targetNodeId: study, mixinId: "description", mixinColumns: [{ Id: "description", value: "A clinical study" }] },
  }));
  assert.equal(mixin.success, true);

  const read = ok("fetchNode", await client.GET("/v1/{projectId}/fetchNode", {
    params: { path: projectId, query: { NodeId: study, AddRelations: true, AddMixins: true } },
  })).data;
  assert.ok(read);
  assert.equal(read.label, "Study");
  assert.equal(read.NodeType, "Type");
  assert.equal(read.relations?.length, 1, JSON.stringify(read));
  assert.ok(JSON.stringify(read.mixins).includes("A clinical study"), JSON.stringify(read.mixins));
  assert.ok(read.createdAt);

  // the graph as JSON Schema 2020-12, rooted at Study: its Element a property, its description the schema's
  const exported = ok("exportJsonSchema", await client.GET("/v1/{projectId}/exportJsonSchema", {
    params: { path: projectId, query: { configTypeId: "jsonschema-2020-12", rootNodeId: study } },
  })).data;
  assert.ok(typeof exported === "string" && exported.includes("\"title\"") && exported.includes("A clinical study"),
    String(exported));

  // a schema imported through transform, then exported again
  const imported = ok("schemaImport", await client.POST("/graph/transform/schema/import/{projectId}", {
    params: { path: projectId }, body: { format: "jsonschema", schema: PATIENT },
  }));
  assert.equal(imported.success, true);
  assert.ok("projectId" in imported && imported.projectId === project, JSON.stringify(imported));
  const avro = ok("schemaExport", await client.POST("/graph/transform/schema/export/{projectId}", {
    params: { path: projectId }, body: { format: "avro" },
  })).schema ?? "";
  assert.ok(avro.includes("Patient") && avro.includes("Study"), avro);

  // mapped onto the project's names, into another format, with the plan that did it
  const mapped = ok("schemaMap", await client.POST("/graph/transform/schema/map/{projectId}", {
    params: { path: projectId },
    body: {
      sourceFormat: "jsonschema", sourceSchema: PATIENT, targetFormat: "avro",
      mapping: { kind: "explicit", guide: { types: { Patient: "Person" }, elements: { "Patient.fullName": "Person.name" } } },
    },
  }));
  assert.equal(mapped.success, true);
  const target = mapped.schema ?? "";
  assert.ok(target.includes("Person") && !target.includes("Patient"), target);
  assert.ok(mapped.plan && mapped.plan.operations.length > 0, JSON.stringify(mapped.plan));

  // the plan replayed: the same output without the mapping step
  const replayed = ok("planExecute", await client.POST("/graph/transform/plan/execute/{projectId}", {
    params: { path: projectId },
    body: { sourceFormat: "jsonschema", sourceSchema: PATIENT, targetFormat: "avro", plan: mapped.plan },
  }));
  assert.equal(replayed.success, true);
  assert.equal(replayed.schema, mapped.schema);
}

async function aRefusalArrivesWithTheEnvelope(): Promise<void> {
  const missing = await client.GET("/v1/{projectId}/fetchNode", {
    params: { path: projectId, query: { NodeId: "no-such-node" } },
  });
  assert.equal(missing.response.status, 404);
  assert.equal((missing.error as { success?: boolean } | undefined)?.success, false, JSON.stringify(missing.error));
}

await graphWritesAnExportAndATransformRoundTrip();
console.log("ok graphWritesAnExportAndATransformRoundTrip");
await aRefusalArrivesWithTheEnvelope();
console.log("ok aRefusalArrivesWithTheEnvelope");
