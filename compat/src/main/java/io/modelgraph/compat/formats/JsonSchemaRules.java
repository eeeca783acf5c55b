package io.modelgraph.compat.formats;

import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Matching;
import io.modelgraph.compat.Reading;
import io.modelgraph.compat.Severity;
import io.modelgraph.compat.StructuralRules;
import io.modelgraph.schema.ElementDef;
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

    @Override
    protected boolean applies(String rule) {
        return !rule.equals("key-changed");
    }

    @Override
    protected void checkType(Reading r, Matching.TypeMatch t, List<Finding> out) {
        super.checkType(r, t, out);
        TypeDef w = t.writer();
        TypeDef rt = t.reader().orElseThrow();
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

    private static boolean closed(TypeDef t) {
        return "true".equals(t.annotations().get("closed"));
    }
}
