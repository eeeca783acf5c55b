package io.modelgraph.compat.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.jsonschema.JsonSchemaAnnotations;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Matching;
import io.modelgraph.compat.Reading;
import io.modelgraph.compat.Severity;
import io.modelgraph.compat.StructuralRules;
import io.modelgraph.json.Json;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.TypeDef;
import java.util.List;
import java.util.Map;

/**
 * JSON Schema consumers (docs/compare.md "JSON Schema"): is every document the writer's schema accepts still
 * accepted by the reader's? The structural rules in JSON Schema's words (properties, enum values, required), with
 * open and closed content models ({@code additionalProperties: false} is the model's {@code closed}); JSON Schema
 * has no keys, so key changes are not findings.
 */
public final class JsonSchemaRules extends StructuralRules {
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("type-removed", "definition-removed"),
            Map.entry("taxonomy-removed", "enum-removed"),
            Map.entry("term-removed", "enum-value-removed"),
            Map.entry("content-closed", "additional-properties-closed"),
            Map.entry("element-removed", "property-removed"),
            Map.entry("element-added", "property-added"),
            Map.entry("required-element-added", "required-property-added"),
            Map.entry("required-element-removed", "required-property-removed"),
            Map.entry("element-became-required", "required-added"),
            Map.entry("element-became-optional", "required-removed"),
            Map.entry("cardinality-narrowed", "items-narrowed"),
            Map.entry("nullability-narrowed", "null-removed"));

    public JsonSchemaRules() {
        super("jsonschema", "jsonschema");
    }

    @Override
    protected String id(String rule) {
        return "jsonschema." + WORDS.getOrDefault(rule, rule);
    }

    /** A JSON Schema validator does not apply {@code default}: a required property must be in the document. */
    @Override
    protected boolean fills(ElementDef readerElement) {
        return false;
    }

    /**
     * {@code required} is about presence: a property made required breaks documents that left it out whatever
     * its type, an array included (the codec keeps an array's presence apart from {@code minItems}).
     */
    @Override
    protected boolean becameRequired(ElementDef we, ElementDef re) {
        return !present(we) && present(re);
    }

    @Override
    protected boolean mustBePresent(ElementDef re) {
        return present(re);
    }

    /**
     * An object schema written inline at its property is not a definition a document can name: removing it with
     * its property is the property's finding (and an open model still accepts the property), never a removed
     * definition.
     */
    @Override
    protected boolean standsAlone(TypeDef w) {
        return !"true".equals(w.annotations().get(JsonSchemaAnnotations.INLINE));
    }

    /**
     * Binary values are JSON strings ({@code contentEncoding} is an annotation, not an assertion), so a reader
     * of either takes the other's documents.
     */
    @Override
    protected boolean accepts(DataType reader, DataType writer, Matching m) {
        return super.accepts(asWritten(reader), asWritten(writer), m);
    }

    private static DataType asWritten(DataType t) {
        if (t instanceof DataType.Primitive p && p.kind() == PrimitiveKind.BINARY) {
            return DataType.of(PrimitiveKind.STRING);
        }
        if (t instanceof DataType.Union u) {
            return new DataType.Union(u.members().stream().map(JsonSchemaRules::asWritten).toList());
        }
        return t;
    }

    /** Whether a document must carry the property: an array's presence as the codec keeps it, else occurrences. */
    private static boolean present(ElementDef e) {
        if (e.cardinality().many()) {
            String presence = e.annotations().get(JsonSchemaAnnotations.PRESENCE);
            if (presence != null) {
                return presence.equals("required");
            }
        }
        return e.cardinality().required();
    }

    @Override
    protected boolean applies(String rule) {
        return !rule.equals("key-changed");
    }

    @Override
    public List<Finding> check(Reading r) {
        List<Finding> out = new java.util.ArrayList<>(super.check(r));
        // definitions the model has no type for (not object schemas with properties) are kept verbatim by name
        JsonNode before = verbatim(r.writer().annotations().get(JsonSchemaAnnotations.DEFS_VERBATIM));
        JsonNode after = verbatim(r.reader().annotations().get(JsonSchemaAnnotations.DEFS_VERBATIM));
        java.util.Set<String> names = new java.util.TreeSet<>();
        before.fieldNames().forEachRemaining(names::add);
        after.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            if (!before.path(name).equals(after.path(name))) {
                out.add(r.finding("jsonschema.unmodelled-keywords-changed", Severity.WARNING, before.has(name) ? name
                        : "", after.has(name) ? name : "", "Definition '" + name + "' is kept verbatim, outside the"
                        + " model, and changed; not checked: review this change by hand"));
            }
        }
        return out;
    }

    private static JsonNode verbatim(String text) {
        if (text == null) {
            return Json.object();
        }
        try {
            JsonNode n = Json.parse(text);
            return n.isObject() ? n : Json.object();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return Json.object(); // written by the codec; unreadable means nothing to compare
        }
    }

    @Override
    protected void checkType(Reading r, Matching.TypeMatch t, List<Finding> out) {
        super.checkType(r, t, out);
        TypeDef w = t.writer();
        TypeDef rt = t.reader().orElseThrow();
        unmodelled(r, w.name(), w.annotations(), rt.name(), rt.annotations(), out);
        for (Matching.ElementMatch pair : t.elements()) {
            pair.reader().ifPresent(re -> unmodelled(r, w.name() + "." + pair.writer().name(), pair.writer()
                    .annotations(), rt.name() + "." + re.name(), re.annotations(), out));
        }
        if (closed(w)) {
            return;
        }
        // the writer's open model accepted any value under a name the reader now declares with a narrower schema
        for (ElementDef re : t.readerOnly()) {
            if (!re.cardinality().required()) {
                out.add(r.finding("jsonschema.property-added-to-open-model", Severity.WARNING, w.name(), rt.name()
                        + "." + re.name(), "The writer's open '" + w.name() + "' accepted any value under '"
                        + re.name() + "'; the reader now constrains it (a document using that name for something"
                        + " else would be refused)"));
            }
        }
    }

    /**
     * Keywords the model has no place for (a map's value schema that is a union of a scalar and an object, {@code
     * not}, {@code if}/{@code then}, ...) are kept verbatim by the codec, not modelled: a change there is not
     * judged, and the finding says so rather than letting the verdict claim it (docs/compare.md "Agreement with
     * json-schema-diff").
     */
    private static void unmodelled(Reading r, String wp, Map<String, String> wa, String rp, Map<String, String> ra,
            List<Finding> out) {
        String before = wa.getOrDefault(JsonSchemaAnnotations.VERBATIM, "");
        String after = ra.getOrDefault(JsonSchemaAnnotations.VERBATIM, "");
        if (!before.equals(after)) {
            out.add(r.finding("jsonschema.unmodelled-keywords-changed", Severity.WARNING, wp, rp, "Keywords kept"
                    + " verbatim, outside the model, changed; not checked: review this change by hand"));
        }
    }

    private static boolean closed(TypeDef t) {
        return "true".equals(t.annotations().get("closed"));
    }
}
