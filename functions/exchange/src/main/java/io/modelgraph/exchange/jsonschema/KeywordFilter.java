package io.modelgraph.exchange.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossKind;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Applies a JSON Schema profile to a document: every keyword at a schema position that the profile does not map
 * is listed (for the new-properties warning) and removed, with a ledger entry at its JSON pointer, so nothing is
 * dropped silently. Property names under {@code properties} and values of {@code enum}, {@code const},
 * {@code default} and {@code examples} are data, not keywords, and are never checked.
 */
public final class KeywordFilter {
    private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas");
    private static final Set<String> SCHEMA_ONE = Set.of("items", "additionalProperties", "not", "if", "then", "else",
            "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
            "additionalItems");
    private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "anyOf", "oneOf", "prefixItems");

    /** The filtered document, the distinct unmapped keywords, and one loss per removed occurrence. */
    public record Result(JsonNode document, List<String> unmapped, List<LossEntry> losses) {
    }

    private final ImportProfile profile;
    private final Set<String> unmapped = new LinkedHashSet<>();
    private final List<LossEntry> losses = new ArrayList<>();

    private KeywordFilter(ImportProfile profile) {
        this.profile = profile;
    }

    public static Result apply(JsonNode document, ImportProfile profile) {
        KeywordFilter f = new KeywordFilter(profile);
        JsonNode copy = document.deepCopy();
        f.walk(copy, "#");
        return new Result(copy, List.copyOf(f.unmapped), List.copyOf(f.losses));
    }

    private boolean mapped(String keyword) {
        for (String p : profile.properties().keySet()) {
            if (p.equals(keyword) || (p.endsWith("*") && keyword.startsWith(p.substring(0, p.length() - 1)))) {
                return true;
            }
        }
        return false;
    }

    private void walk(JsonNode schema, String path) {
        if (!(schema instanceof ObjectNode object)) {
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            String key = f.getKey();
            String at = path + "/" + key.replace("~", "~0").replace("/", "~1");
            if (!mapped(key)) {
                unmapped.add(key);
                losses.add(new LossEntry(LossKind.StructuralDrop, at, "keyword '" + key + "' is not mapped by profile '"
                        + profile.id() + "'; the graph cannot hold it, so it was not merged"));
                fields.remove();
                continue;
            }
            JsonNode v = f.getValue();
            if (SCHEMA_MAPS.contains(key) && v.isObject()) {
                v.fields().forEachRemaining(e -> walk(e.getValue(),
                        at + "/" + e.getKey().replace("~", "~0").replace("/", "~1")));
            } else if (SCHEMA_ONE.contains(key) && v.isObject()) {
                walk(v, at);
            } else if ((SCHEMA_LISTS.contains(key) || key.equals("items")) && v.isArray()) {
                for (int i = 0; i < v.size(); i++) {
                    walk(v.get(i), at + "/" + i);
                }
            }
        }
    }
}
