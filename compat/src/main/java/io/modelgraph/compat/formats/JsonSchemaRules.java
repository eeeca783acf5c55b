package io.modelgraph.compat.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.jsonschema.JsonSchemaAnnotations;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Matching;
import io.modelgraph.compat.Reading;
import io.modelgraph.compat.Severity;
import io.modelgraph.compat.StructuralRules;
import io.modelgraph.compat.UndeclaredProperties;
import io.modelgraph.json.Json;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.TypeDef;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        return renamedAlike(reader, writer, m) || super.accepts(asWritten(reader), asWritten(writer), m);
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
        List<Finding> out = new java.util.ArrayList<>();
        for (Finding f : super.check(r)) {
            out.add(f.rule().equals("jsonschema.definition-removed") ? renamed(r, f) : f);
        }
        // definitions the model has no type for (not object schemas with properties) are kept verbatim by name
        JsonNode before = verbatim(r.writer().annotations().get(JsonSchemaAnnotations.DEFS_VERBATIM));
        JsonNode after = verbatim(r.reader().annotations().get(JsonSchemaAnnotations.DEFS_VERBATIM));
        java.util.Set<String> names = new java.util.TreeSet<>();
        before.fieldNames().forEachRemaining(names::add);
        after.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            if (before.path(name).equals(after.path(name))) {
                continue;
            }
            if (before.has(name) && after.has(name) && judged(r, after.get(name), before.get(name), name, name,
                    out)) {
                continue;
            }
            out.add(r.finding("jsonschema.unmodelled-keywords-changed", Severity.WARNING, before.has(name) ? name
                    : "", after.has(name) ? name : "", "Definition '" + name + "' is kept verbatim, outside the"
                    + " model, and changed in keywords this check does not read; review this change by hand"));
        }
        return out;
    }

    /**
     * Judges a change in verbatim keywords as a validator applies them ({@link VerbatimSchemas}); false when some
     * keyword that changed is not one it reads (then nothing is reported from it, and the caller says so).
     */
    private static boolean judged(Reading r, JsonNode reader, JsonNode writer, String wp, String rp,
            List<Finding> out) {
        VerbatimSchemas.Result result = VerbatimSchemas.compare(reader, writer, "", openModelSeverity(r));
        if (result.unjudged()) {
            return false;
        }
        for (VerbatimSchemas.Narrowing n : result.narrowings()) {
            String rule = "jsonschema." + n.rule();
            out.add(r.finding(rule, n.severity(), wp + n.path(), rp + n.path(), rule.equals(OPEN_MODEL_RULE)
                    ? n.message() + openModelConsequence(r) : n.message()));
        }
        return true;
    }

    /**
     * A document never names a definition: a definition gone under its old name while the reader has one of the
     * same content under a new name (a rename without alias) accepts the same documents. What breaks is a schema
     * that refers to the old name from outside, so the finding becomes a WARNING naming the new definition.
     */
    private static Finding renamed(Reading r, Finding removed) {
        String old = r.writerIsBase() ? removed.basePath() : removed.candidatePath();
        Optional<TypeDef> w = r.matching().writerType(old);
        if (w.isEmpty()) {
            return removed;
        }
        List<TypeDef> same = r.reader().types().stream().filter(t -> r.matching().writerType(t.name()).isEmpty()
                && sameContent(t, w.get())).toList();
        if (same.size() != 1) {
            return removed;
        }
        return r.finding("jsonschema.definition-renamed", Severity.WARNING, old, same.get(0).name(), "Definition '"
                + old + "' is '" + same.get(0).name() + "' now, with the same content: documents are accepted"
                + " alike; a schema that refers to the old name from outside breaks");
    }

    /** The same properties and content model: what a validator of documents looks at, names aside. */
    private static boolean sameContent(TypeDef a, TypeDef b) {
        return a.elements().equals(b.elements()) && closed(a) == closed(b);
    }

    /** A reference to a definition renamed with its content unchanged takes the same documents. */
    private static boolean renamedAlike(DataType reader, DataType writer, Matching m) {
        if (!(reader instanceof DataType.TypeRef rr) || !(writer instanceof DataType.TypeRef wr)) {
            return false;
        }
        if (m.readerType(wr.typeName()).isPresent() || m.writerType(rr.typeName()).isPresent()) {
            return false; // matched by name or alias: the matching decides
        }
        Optional<TypeDef> w = m.writerType(wr.typeName());
        Optional<TypeDef> rt = m.readerTypeNamed(rr.typeName());
        return w.isPresent() && rt.isPresent() && sameContent(rt.get(), w.get());
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
    protected void checkType(Reading r, Matching.TypeMatch matched, List<Finding> out) {
        Matching.TypeMatch t = byName(matched);
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
            if (!re.cardinality().required() && !acceptsAnything(re)) {
                out.add(r.finding(OPEN_MODEL_RULE, openModelSeverity(r), w.name(), rt.name() + "." + re.name(),
                        openModelMessage(r, "'" + w.name() + "'", re.name())));
            }
        }
    }

    static final String OPEN_MODEL_RULE = "jsonschema.property-added-to-open-model";

    /**
     * A property newly declared where the writer's content model was open breaks by the definition (a document
     * that used the name for another value was accepted and is refused now); only when the caller says producers
     * never send undeclared properties is it a warning (docs/compare.md "Open content models").
     */
    static Severity openModelSeverity(Reading r) {
        return r.options().undeclaredProperties() == UndeclaredProperties.ABSENT ? Severity.WARNING
                : Severity.ERROR;
    }

    private static String openModelMessage(Reading r, String owner, String name) {
        return "The writer's open " + owner + " accepted any value under '" + name + "'; the reader now constrains"
                + " it" + openModelConsequence(r);
    }

    /** What the finding means under the option the comparison was read with. */
    private static String openModelConsequence(Reading r) {
        return r.options().undeclaredProperties() == UndeclaredProperties.ABSENT
                ? " (producers are taken never to send undeclared properties, undeclaredProperties: absent; review"
                        + " that none does)"
                : ": a document that used that name for another value is refused (if producers never send"
                        + " undeclared properties, compare with undeclaredProperties: absent)";
    }

    /**
     * Whether a property's schema accepts every value ({@code true}, {@code {}}, annotations only): declaring it
     * narrows nothing. Any without constraints (a {@code format} is an annotation here) and without kept keywords
     * that assert.
     */
    private static boolean acceptsAnything(ElementDef e) {
        if (!(e.type() instanceof DataType.Primitive p) || p.kind() != PrimitiveKind.ANY || e.cardinality().many()
                || !e.constraints().toBuilder().format(Optional.empty()).build().isEmpty()) {
            return false;
        }
        String kept = e.annotations().get(JsonSchemaAnnotations.VERBATIM);
        return kept == null || VerbatimSchemas.acceptsAnything(verbatim(kept));
    }

    /**
     * A JSON document names its properties and nothing else: JSON Schema has no aliases, so a property the matching
     * pairs with another name (an alias or {@code mapsTo} from another format) is one property removed and one
     * added, as a validator sees it (docs/compare.md "JSON Schema").
     */
    private static Matching.TypeMatch byName(Matching.TypeMatch t) {
        if (t.elements().stream().allMatch(p -> p.reader().map(re -> re.name().equals(p.writer().name()))
                .orElse(true))) {
            return t;
        }
        List<Matching.ElementMatch> elements = new java.util.ArrayList<>();
        List<ElementDef> readerOnly = new java.util.ArrayList<>(t.readerOnly());
        for (Matching.ElementMatch p : t.elements()) {
            if (p.reader().isPresent() && !p.reader().get().name().equals(p.writer().name())) {
                elements.add(new Matching.ElementMatch(p.writer(), java.util.Optional.empty()));
                readerOnly.add(p.reader().get());
            } else {
                elements.add(p);
            }
        }
        return new Matching.TypeMatch(t.writer(), t.reader(), elements, readerOnly);
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
        if (before.equals(after)) {
            return;
        }
        JsonNode writer = before.isEmpty() ? Json.object() : verbatim(before);
        JsonNode reader = after.isEmpty() ? Json.object() : verbatim(after);
        if (!judged(r, reader, writer, wp, rp, out)) {
            out.add(r.finding("jsonschema.unmodelled-keywords-changed", Severity.WARNING, wp, rp, "Keywords kept"
                    + " verbatim, outside the model, changed in keywords this check does not read; review this"
                    + " change by hand"));
        }
    }

    private static boolean closed(TypeDef t) {
        return "true".equals(t.annotations().get("closed"));
    }
}
