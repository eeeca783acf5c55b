package io.modelgraph.graphapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.MixinColumn;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.http.KnownNames;
import io.modelgraph.schema.PrimitiveKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A column value must be of the column's documented value type (docs/model.md "Default mixins": the first word of
 * {@link MixinColumn#valueType()}: string, boolean, integer, number, array, object, any); null clears a column.
 * Default mixins whose values the exports interpret are checked further: a data type must be one the mapper
 * reads, occurrence bounds and lengths are non-negative. A value the exports cannot read would otherwise be
 * accepted here and silently missing from every export.
 */
final class MixinValueCheck {
    /** Data type names the graph-to-model mapping reads besides the PrimitiveKind names. */
    private static final List<String> STRUCTURAL_TYPES = List.of("TYPE", "TAXONOMY", "UNION", "MAP");
    private static final List<String> NON_NEGATIVE = List.of("minOccurs", "maxOccurs", "minLength", "maxLength",
            "precision", "scale");

    static void check(MixinDef def, MixinColumn column, JsonNode value, String path) {
        if (value.isNull()) {
            return;
        }
        String type = baseType(column.valueType());
        boolean ok = switch (type) {
            case "string" -> value.isTextual();
            case "boolean" -> value.isBoolean();
            case "integer" -> value.isIntegralNumber() && value.canConvertToInt();
            case "number" -> value.isNumber();
            case "array" -> value.isArray();
            case "object" -> value.isObject();
            default -> true;
        };
        if (!ok) {
            throw ApiProblem.badRequest(path, "Column '" + column.id() + "' of mixin '" + def.id() + "' takes "
                    + column.valueType() + ", got " + describe(value) + ". Nothing was written.");
        }
        if (!DefaultMixins.find(def.id()).isPresent()) {
            return;
        }
        if (def.id().equals(DefaultMixins.DATA_TYPE) && column.id().equals("dataType")) {
            List<String> allowed = dataTypes();
            if (!allowed.contains(value.asText())) {
                String hint = KnownNames.closest(value.asText(), allowed).map(c -> " Did you mean `" + c + "`?")
                        .orElse("");
                throw ApiProblem.badRequest(path, "'" + Inputs.abbreviate(value.asText()) + "' is not a data type." + hint
                        + " Use one of " + String.join(", ", allowed) + ". Nothing was written.");
            }
        }
        if (NON_NEGATIVE.contains(column.id()) && value.intValue() < 0) {
            throw ApiProblem.badRequest(path, "Column '" + column.id() + "' must be 0 or more, got " + value + ".");
        }
        if (def.id().equals(DefaultMixins.ANNOTATIONS)) {
            for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) value::fields) {
                if (!e.getValue().isTextual()) {
                    throw ApiProblem.badRequest(path + "." + e.getKey(), "Annotations map names to strings, got "
                            + describe(e.getValue()) + ".");
                }
            }
        }
    }

    /** minOccurs above maxOccurs in one call is refused; bounds written by separate calls are kept apart. */
    static void checkBounds(MixinDef def, Map<String, JsonNode> columns, String path) {
        if (!def.id().equals(DefaultMixins.CARDINALITY)) {
            return;
        }
        JsonNode min = columns.get("minOccurs");
        JsonNode max = columns.get("maxOccurs");
        if (min != null && max != null && min.isNumber() && max.isNumber() && min.intValue() > max.intValue()) {
            throw ApiProblem.badRequest(path, "minOccurs " + min + " is above maxOccurs " + max + ".");
        }
    }

    static List<String> dataTypes() {
        List<String> out = new ArrayList<>();
        for (PrimitiveKind k : PrimitiveKind.values()) {
            out.add(k.name());
        }
        out.addAll(STRUCTURAL_TYPES);
        return out;
    }

    private static String baseType(String valueType) {
        String first = valueType.trim().split("[\\s,:(]", 2)[0];
        return first.toLowerCase(Locale.ROOT);
    }

    private static String describe(JsonNode v) {
        return switch (v.getNodeType()) {
            case STRING -> "the string " + Inputs.abbreviate(v.toString());
            case NUMBER -> "the number " + v;
            case BOOLEAN -> "the boolean " + v;
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            default -> v.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }

    private MixinValueCheck() {
    }
}
