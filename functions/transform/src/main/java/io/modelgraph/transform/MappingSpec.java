package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.http.KnownNames;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/** The {@code mapping} member of the map routes: {@code kind}, {@code caseInsensitive}, {@code guide}. */
record MappingSpec(String kind, boolean caseInsensitive, Optional<JsonNode> guide) {
    static final String INFERRED = "inferred";
    static final String EXPLICIT = "explicit";
    static final String AI = "ai";
    static final List<String> KINDS = List.of(INFERRED, EXPLICIT, AI);
    static final List<String> KEYS = List.of("kind", "caseInsensitive", "guide");
    /** A conversion that renames nothing: the explicit kind with an empty guide. */
    static final MappingSpec PLAIN = new MappingSpec(EXPLICIT, true, Optional.of(
            com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()));

    /** The inferred kind with its defaults: what an absent {@code mapping} means beside a target. */
    static final MappingSpec INFERRED_DEFAULT = new MappingSpec(INFERRED, true, Optional.empty());

    /** The spec when {@code mapping} is absent: inferred toward the project (mapImport). */
    static MappingSpec read(Fields fields) {
        return read(fields, INFERRED_DEFAULT);
    }

    /**
     * The spec when {@code mapping} is absent is {@code absent}: schema/map passes a plain conversion (an
     * empty explicit guide) unless a target hint is given, so the one-line conversion needs no mapping member.
     */
    static MappingSpec read(Fields fields, MappingSpec absent) {
        Optional<JsonNode> node = fields.node("mapping");
        if (node.isEmpty()) {
            return absent;
        }
        JsonNode m = node.get();
        if (!m.isObject()) {
            throw TransformFailure.of("mapping", "'mapping' must be an object {kind, caseInsensitive, guide}, got "
                    + Fields.describe(m) + ".");
        }
        Iterator<String> names = m.fieldNames();
        while (names.hasNext()) {
            String key = names.next();
            if (!KEYS.contains(key)) {
                throw TransformFailure.of("mapping." + key, KnownNames.unknownMessage(key, KEYS, "mapping key"));
            }
        }
        String kind = INFERRED;
        JsonNode k = m.get("kind");
        if (k != null && !k.isNull()) {
            if (!k.isTextual() || !KINDS.contains(k.asText())) {
                throw TransformFailure.of("mapping.kind", "Unknown mapping kind " + (k.isTextual() ? "'" + k.asText()
                        + "'" : Fields.describe(k)) + ". Use: " + String.join(", ", KINDS) + ".");
            }
            kind = k.asText();
        }
        boolean ci = true;
        JsonNode c = m.get("caseInsensitive");
        if (c != null && !c.isNull()) {
            if (!c.isBoolean()) {
                throw TransformFailure.of("mapping.caseInsensitive", "'caseInsensitive' must be true or false.");
            }
            ci = c.asBoolean();
        }
        JsonNode guide = m.get("guide");
        Optional<JsonNode> g = guide == null || guide.isNull() ? Optional.empty() : Optional.of(guide);
        if (kind.equals(EXPLICIT) && g.isEmpty()) {
            throw TransformFailure.of("mapping.guide", "The explicit mapping needs 'guide': an object with any of "
                    + "types, elements, dataTypes, mapsTo, drop.");
        }
        if (!kind.equals(EXPLICIT) && g.isPresent()) {
            throw TransformFailure.of("mapping.guide", "'guide' applies only to the explicit mapping kind.");
        }
        return new MappingSpec(kind, ci, g);
    }
}
