package io.modelgraph.compat.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.NpmTools;
import io.modelgraph.compat.NativeCheckers;
import io.modelgraph.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * How the agreement tests ask Atlassian's {@code json-schema-diff} and read its answer: every pair goes to one node
 * run ({@code json-schema-diff.mjs}, installed by {@link NativeCheckers}), which answers a verdict per pair id.
 */
public final class JsonSchemaDiff {
    private JsonSchemaDiff() {
    }

    /** One pair for {@link #verdicts}: the schemas without {@code $schema}, which json-schema-diff does not read. */
    public static ObjectNode pair(String id, JsonNode source, JsonNode destination) {
        return Json.object().put("id", id).<ObjectNode>set("source", dialectless(source))
                .set("destination", dialectless(destination));
    }

    /** json-schema-diff's verdict for every pair, by id; the pairs file is written under {@code target/folder}. */
    public static Map<String, JsonNode> verdicts(NativeCheckers checkers, String folder, ArrayNode pairs)
            throws Exception {
        Path work = Files.createDirectories(Path.of("target", folder).toAbsolutePath());
        Path pairsFile = work.resolve("pairs.json");
        Files.writeString(pairsFile, pairs.toString());
        NpmTools.Result r = NativeCheckers.run(checkers.home(), 1800, "node", "json-schema-diff.mjs",
                pairsFile.toString());
        if (r.exit() != 0) {
            throw new IllegalStateException("json-schema-diff failed (exit " + r.exit() + "): " + r.err());
        }
        Map<String, JsonNode> verdicts = new HashMap<>();
        Json.parse(r.out()).forEach(v -> verdicts.put(v.get("id").asText(), v));
        return verdicts;
    }

    private static JsonNode dialectless(JsonNode schema) {
        ObjectNode copy = schema.deepCopy();
        copy.remove("$schema");
        return copy;
    }
}
