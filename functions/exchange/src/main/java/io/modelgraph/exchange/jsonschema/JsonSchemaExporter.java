package io.modelgraph.exchange.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * exportJsonSchema: the jsonschema codec writes the model (root type chosen by rootNodeId); with useAnchorForRef
 * every {@code $defs} entry, Type or Taxonomy (enum), gets an {@code $anchor} (its own when the model has one, else
 * its $defs name when that is a valid anchor) and references to it use {@code #anchor}; entries whose name cannot be
 * an anchor keep the JSON pointer. Schemas written inline are not given an anchor. Why here and not in the codec: anchors in references are an export option of this API only.
 * A {@code $defs} entry with its own {@code $id} is a resource of its own: an anchor in it belongs to that resource,
 * so {@code #anchor} from the root would not reach it, and it keeps the pointer; references inside such a resource,
 * and values that are data ({@code enum}, {@code const}, {@code default}, {@code examples}), are left as written.
 */
public final class JsonSchemaExporter {
    private static final JsonSchemaCodec CODEC = new JsonSchemaCodec();
    private static final Pattern ANCHOR = Pattern.compile("[A-Za-z_][-A-Za-z0-9._]*");
    private static final String DEFS = "#/$defs/";
    private static final Set<String> DATA = Set.of("enum", "const", "default", "examples");

    public static ObjectNode export(SchemaModel model, Optional<String> rootType, boolean useAnchorForRef) {
        SchemaModel m = model;
        if (rootType.isPresent()) {
            m = model.toBuilder().rootType(rootType.get()).build();
        }
        ObjectNode doc = CODEC.encodeTree(m, new LossinessLedger());
        if (useAnchorForRef) {
            anchors(doc);
        }
        return doc;
    }

    private static void anchors(ObjectNode doc) {
        JsonNode defs = doc.path("$defs");
        if (!defs.isObject()) {
            return;
        }
        Map<String, String> anchorOf = new HashMap<>();
        Set<String> used = new HashSet<>();
        defs.fields().forEachRemaining(e -> {
            if (e.getValue() instanceof ObjectNode def && def.path("$anchor").isTextual() && !resource(def)) {
                anchorOf.put(e.getKey(), def.get("$anchor").asText());
                used.add(def.get("$anchor").asText());
            }
        });
        // every $defs entry (Types and Taxonomies alike) without an anchor gets its name as anchor, when that is a
        // valid, unused anchor; inline schemas are left as the model has them. The anchor is written first in
        // every entry, so a re-merged export exports byte-identically.
        ObjectNode withAnchors = ((ObjectNode) defs).objectNode();
        defs.fields().forEachRemaining(e -> {
            if (!(e.getValue() instanceof ObjectNode def) || resource(def)) {
                withAnchors.set(e.getKey(), e.getValue());
                return;
            }
            String anchor = def.path("$anchor").isTextual() ? def.get("$anchor").asText()
                    : ANCHOR.matcher(e.getKey()).matches() && used.add(e.getKey()) ? e.getKey() : null;
            if (anchor == null) {
                withAnchors.set(e.getKey(), def);
                return;
            }
            ObjectNode anchored = def.objectNode().put("$anchor", anchor);
            def.fields().forEachRemaining(f -> {
                if (!f.getKey().equals("$anchor")) {
                    anchored.set(f.getKey(), f.getValue());
                }
            });
            withAnchors.set(e.getKey(), anchored);
            anchorOf.put(e.getKey(), anchor);
        });
        doc.set("$defs", withAnchors);
        rewrite(doc, anchorOf, true);
    }

    /** A schema with its own {@code $id}: its {@code #...} references and anchors are its own. */
    private static boolean resource(JsonNode schema) {
        return schema.path("$id").isTextual();
    }

    private static void rewrite(JsonNode node, Map<String, String> anchorOf, boolean root) {
        if (node instanceof ObjectNode o) {
            if (!root && resource(o)) {
                return;
            }
            JsonNode ref = o.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith(DEFS)) {
                String rest = ref.asText().substring(DEFS.length());
                if (!rest.contains("/")) {
                    String name = URLDecoder.decode(rest.replace("+", "%2B"), StandardCharsets.UTF_8)
                            .replace("~1", "/").replace("~0", "~");
                    String anchor = anchorOf.get(name);
                    if (anchor != null) {
                        o.put("$ref", "#" + anchor);
                    }
                }
            }
            o.fields().forEachRemaining(f -> {
                if (!DATA.contains(f.getKey())) {
                    rewrite(f.getValue(), anchorOf, false);
                }
            });
        } else if (node != null && node.isArray()) {
            node.forEach(n -> rewrite(n, anchorOf, false));
        }
    }

    private JsonSchemaExporter() {
    }
}
