package io.modelgraph.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.bench.TransformCalls.Result;
import java.util.Locale;

/**
 * Throughput of odm/convert and of jsonschema import → export on a generated 500-entity / 5,000-property
 * model, through the handler against the embedded DynamoDB Local and S3 server. A main of the bench
 * module: {@code java -cp <bench class path> io.modelgraph.bench.TransformBench [rounds]}. With
 * {@code import [rounds]} it only imports the JSON Schema into new projects and prints machine-readable
 * {@code IMPORT_MS} and {@code ITEMS_PER_ELEMENT} lines: {@code bench/layout-compare.sh} runs that mode on this
 * checkout and on a baseline commit alternately, so both store layouts are timed on the same machine in one run.
 */
public final class TransformBench {
    static final int ENTITIES = 500;
    static final int PROPERTIES_PER_ENTITY = 10;

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("import")) {
            importOnly(args.length > 1 ? Integer.parseInt(args[1]) : 1);
            return;
        }
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        TransformCalls.services();
        System.out.printf(Locale.ROOT, "model: %d entities, %d properties%n", ENTITIES, ENTITIES * PROPERTIES_PER_ENTITY);
        ObjectNode odm = odmBundle();
        String jsonSchema = jsonSchema();
        System.out.printf(Locale.ROOT, "odm bundle %,d bytes; json schema %,d bytes%n", Json.write(odm).length(),
                jsonSchema.length());
        TransformCalls warm = new TransformCalls(TransformCalls.newProjectId());
        check(warm.post("odm/convert", odm, "Viewer"), "warm-up odm/convert");
        for (int round = 1; round <= rounds; round++) {
            long t0 = System.nanoTime();
            Result r = warm.post("odm/convert", odm, "Viewer");
            long t1 = System.nanoTime();
            check(r, "odm/convert");
            int converted = r.body().get("schemas").size();
            report("odm/convert", round, t1 - t0, converted);
        }
        for (int round = 1; round <= rounds; round++) {
            // the same work without the store: codec decode, mapper change set against an empty graph, encode
            var codec = new io.modelgraph.codec.jsonschema.JsonSchemaCodec();
            var ledger = new io.modelgraph.ledger.LossinessLedger();
            long t0 = System.nanoTime();
            io.modelgraph.schema.SchemaModel model;
            try {
                model = codec.decode(jsonSchema, io.modelgraph.codec.CodecOptions.NONE, ledger);
            } catch (io.modelgraph.codec.SchemaSyntaxException e) {
                throw new IllegalStateException(e);
            }
            long t1 = System.nanoTime();
            var changes = new io.modelgraph.schema.graph.ModelGraphMapper().toChanges(model,
                    new io.modelgraph.graph.GraphSnapshot(java.util.List.of(), java.util.List.of(), java.util.List.of(),
                            java.util.List.of()), java.util.List.of("space"), () -> java.util.UUID.randomUUID().toString());
            long t2 = System.nanoTime();
            codec.encode(model, io.modelgraph.codec.CodecOptions.NONE, ledger);
            long t3 = System.nanoTime();
            report("jsonschema decode (codec only)", round, t1 - t0, ENTITIES);
            report("mapper change set (" + (changes.nodes().size() + changes.relations().size()
                    + changes.mixinValues().size()) + " writes)", round, t2 - t1, ENTITIES);
            report("jsonschema encode (codec only)", round, t3 - t2, ENTITIES);
        }
        for (int round = 1; round <= rounds; round++) {
            TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());
            ObjectNode importBody = Json.object().put("format", "jsonschema").put("schema", jsonSchema);
            long t0 = System.nanoTime();
            Result imported = calls.post("schema/import", importBody, "Admin");
            long t1 = System.nanoTime();
            check(imported, "schema/import");
            Result exported = calls.post("schema/export", Json.object().put("format", "jsonschema"), "Viewer");
            long t2 = System.nanoTime();
            check(exported, "schema/export");
            Result reimported = calls.post("schema/import", importBody, "Admin");
            long t3 = System.nanoTime();
            check(reimported, "schema/import (again)");
            if (round == 1) {
                itemsPerElement(calls.projectId());
            }
            report("jsonschema import (new project)", round, t1 - t0, ENTITIES);
            report("jsonschema export", round, t2 - t1, ENTITIES);
            report("jsonschema import → export", round, t2 - t0, ENTITIES);
            report("jsonschema re-import (no change)", round, t3 - t2, ENTITIES);
        }
        System.exit(0);
    }

    /** The import alone, into a new project per round; the first round also counts the items per Element. */
    static void importOnly(int rounds) {
        TransformCalls.services();
        ObjectNode importBody = Json.object().put("format", "jsonschema").put("schema", jsonSchema());
        // warm-up on a small model, so class loading and the embedded store's start are not timed
        check(new TransformCalls(TransformCalls.newProjectId()).post("schema/import", Json.object()
                .put("format", "jsonschema").put("schema", "{\"$defs\": {\"A\": {\"type\": \"object\", "
                        + "\"properties\": {\"x\": {\"type\": \"string\"}}}}}"), "Admin"), "warm-up import");
        for (int round = 1; round <= rounds; round++) {
            TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());
            long t0 = System.nanoTime();
            Result imported = calls.post("schema/import", importBody, "Admin");
            long t1 = System.nanoTime();
            check(imported, "schema/import");
            System.out.printf(Locale.ROOT, "IMPORT_MS %d%n", (t1 - t0) / 1_000_000);
            if (round == 1) {
                itemsPerElement(calls.projectId());
                // the same schema again: nothing to change, so nothing written (the project version stays)
                var versions = io.modelgraph.graph.store.GraphStore.of(TransformCalls.services()).versions();
                var before = versions.read(calls.projectId());
                long t2 = System.nanoTime();
                check(calls.post("schema/import", importBody, "Admin"), "schema/import again");
                long t3 = System.nanoTime();
                System.out.printf(Locale.ROOT, "REIMPORT_MS %d version %d -> %d%n", (t3 - t2) / 1_000_000,
                        before.version(), versions.read(calls.projectId()).version());
            }
        }
        System.exit(0);
    }

    /**
     * The store's cost of the imported model (docs/graph.md "Key design"): DynamoDB items per Element, counting
     * its node item, its space copies, its outgoing relations and its mixin values, and the partition's total.
     */
    static void itemsPerElement(String projectId) {
        var services = TransformCalls.services();
        java.util.Map<String, Integer> byKind = new java.util.TreeMap<>();
        java.util.Set<String> elements = new java.util.HashSet<>();
        java.util.Map<String, Integer> perOwner = new java.util.HashMap<>();
        int[] total = {0};
        services.dynamo().queryPaginator(b -> b.tableName(services.stores().graphTable())
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(java.util.Map.of(":pk",
                        software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("P#" + projectId))))
                .items().forEach(item -> {
                    String sk = item.get("sk").s();
                    String[] parts = sk.split("#");
                    byKind.merge(parts[0], 1, Integer::sum);
                    total[0]++;
                    if (parts.length > 1) {
                        perOwner.merge(parts[1], 1, Integer::sum);
                    }
                    if (parts[0].equals("N") && item.containsKey("nt") && item.get("nt").s().equals("Element")) {
                        elements.add(parts[1]);
                    }
                });
        int elementItems = elements.stream().mapToInt(e -> perOwner.getOrDefault(e, 0)).sum();
        double perElement = elements.isEmpty() ? 0.0 : (double) elementItems / elements.size();
        System.out.printf(Locale.ROOT, "store items: %,d in the partition %s; %,d Elements cost %,d items = %.2f items"
                + " per Element (node, space copies, outgoing relations, mixin values)%n", total[0], byKind,
                elements.size(), elementItems, perElement);
        System.out.printf(Locale.ROOT, "ITEMS_PER_ELEMENT %.2f %d%n", perElement, total[0]);
    }

    private static void check(Result r, String what) {
        if (!r.success()) {
            System.out.println(what + " FAILED: " + r);
            System.exit(1);
        }
    }

    private static void report(String what, int round, long nanos, int entities) {
        double seconds = nanos / 1e9;
        System.out.printf(Locale.ROOT, "%-34s round %d: %8.1f ms  %8.0f entities/s  %9.0f properties/s%n", what, round,
                nanos / 1e6, entities / seconds, entities * PROPERTIES_PER_ENTITY / seconds);
    }

    static ObjectNode odmBundle() {
        ObjectNode body = Json.object();
        ArrayNode list = body.putArray("entities");
        for (int e = 0; e < ENTITIES; e++) {
            String name = "Entity" + e;
            StringBuilder md = new StringBuilder();
            md.append("# Entity: `").append(name).append("`\n\n## Entity purpose\n\nGenerated entity number ").append(e)
                    .append(".\n\n## Object: ").append(name).append("\n\n| Field | Description | Practice |\n|---|---|---|\n");
            for (int p = 0; p < PROPERTIES_PER_ENTITY; p++) {
                md.append("| `field").append(p).append("` | Field ").append(p).append(" | ")
                        .append(p == 0 ? "MUST" : p % 2 == 0 ? "SHOULD" : "COULD").append(" |\n");
            }
            md.append("\n## YAML Schema Definition\n\n```yaml\n").append(name).append(":\n  type: object\n")
                    .append("  required: [field0]\n  properties:\n");
            for (int p = 0; p < PROPERTIES_PER_ENTITY; p++) {
                md.append("    field").append(p).append(":\n");
                switch (p % 5) {
                    case 0:
                        md.append("      type: string\n");
                        break;
                    case 1:
                        md.append("      type: integer\n      minimum: 0\n");
                        break;
                    case 2:
                        md.append("      type: string\n      enum: [\"a\", \"b\", \"c\"]\n");
                        break;
                    case 3:
                        md.append("      type: number\n");
                        break;
                    default:
                        md.append("      type: boolean\n");
                        break;
                }
            }
            md.append("```\n");
            list.addObject().put("name", name).put("markdown", md.toString());
        }
        return body;
    }

    static String jsonSchema() {
        ObjectNode root = Json.object();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema").put("title", "Bench").put("type", "object");
        ObjectNode props = root.putObject("properties");
        ObjectNode defs = root.putObject("$defs");
        for (int e = 0; e < ENTITIES; e++) {
            String name = "Entity" + e;
            props.putObject("e" + e).put("$ref", "#/$defs/" + name);
            ObjectNode def = defs.putObject(name).put("type", "object");
            ObjectNode p = def.putObject("properties");
            for (int i = 0; i < PROPERTIES_PER_ENTITY; i++) {
                ObjectNode f = p.putObject("field" + i);
                switch (i % 5) {
                    case 0:
                        f.put("type", "string").put("maxLength", 80);
                        break;
                    case 1:
                        f.put("type", "integer").put("minimum", 0);
                        break;
                    case 2:
                        f.put("type", "string").putArray("enum").add("a").add("b").add("c");
                        break;
                    case 3:
                        f.put("type", "number");
                        break;
                    default:
                        f.put("$ref", "#/$defs/Entity" + ((e + 1) % ENTITIES));
                        break;
                }
            }
            def.putArray("required").add("field0");
        }
        return Json.write(root);
    }

    private TransformBench() {
    }
}
