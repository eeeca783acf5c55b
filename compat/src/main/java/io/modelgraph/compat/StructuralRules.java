package io.modelgraph.compat;

import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The rules every consumer format gets when it has none of its own, in model terms (docs/compare.md
 * "Structural rules"): removed types and elements, narrowed types, occurrences, nullability and constraints, new
 * required elements, closed content, removed terms, changed keys. Rule ids are {@code <prefix>.<rule>}, the prefix
 * {@code structure} unless a format reuses these rules under its own.
 */
public class StructuralRules implements ConsumerRules {
    private final String consumer;
    private final String prefix;

    public StructuralRules(String consumer) {
        this(consumer, "structure");
    }

    protected StructuralRules(String consumer, String prefix) {
        this.consumer = consumer;
        this.prefix = prefix;
    }

    @Override
    public String consumer() {
        return consumer;
    }

    /**
     * Whether the reader fills the element from its default when the data lacks it (Avro and SQL readers do); a
     * format whose readers only validate (JSON Schema: {@code default} is an annotation) overrides this.
     */
    protected boolean fills(ElementDef readerElement) {
        return readerElement.defaultValue().isPresent();
    }

    /**
     * Whether the reader requires the element where the writer did not: a single value that became required (a
     * list's occurrences are the cardinality rule's). A format whose presence is separate from a list's
     * occurrences (JSON Schema's {@code required}) overrides this.
     */
    protected boolean becameRequired(ElementDef we, ElementDef re) {
        return !we.cardinality().required() && re.cardinality().required() && !re.cardinality().many();
    }

    /**
     * Whether the reader's value type takes every value of the writer's; a format that writes two model types
     * alike (JSON Schema: binary is a string) overrides this.
     */
    protected boolean accepts(io.modelgraph.schema.DataType reader, io.modelgraph.schema.DataType writer,
            Matching m) {
        return ValueTypes.accepts(reader, writer, m);
    }

    /** Whether the data must carry an element only the reader declares. */
    protected boolean mustBePresent(ElementDef re) {
        return re.cardinality().required();
    }

    /**
     * Whether a writer type the reader lacks is a finding of its own: it is, unless the format wrote it as part of
     * another (a JSON Schema object written inline at its property, whose removal is the property's).
     */
    protected boolean standsAlone(TypeDef w) {
        return true;
    }

    /** The plain structural rules are one set whatever the consumer key; a subclass is a set of its own. */
    @Override
    public String ruleSet() {
        return getClass() == StructuralRules.class ? "structural:" + prefix : consumer;
    }

    /** The rule's id in this rule set; a format with its own words for a rule overrides this. */
    protected String id(String rule) {
        return prefix + "." + rule;
    }

    /** Whether the structural rule applies to this format at all (JSON Schema has no keys, for one). */
    protected boolean applies(String rule) {
        return true;
    }

    /** Adds the finding unless the format leaves that rule out. */
    protected void add(List<Finding> out, Reading r, String rule, Severity severity, String writerPath,
            String readerPath, String message) {
        if (applies(rule)) {
            out.add(r.finding(id(rule), severity, writerPath, readerPath, message));
        }
    }

    @Override
    public List<Finding> check(Reading r) {
        List<Finding> out = new ArrayList<>();
        Matching m = r.matching();
        for (Matching.TypeMatch t : m.types()) {
            TypeDef w = t.writer();
            if (t.reader().isEmpty()) {
                if (r.writerIsBase() && standsAlone(w)) {
                    add(out, r, "type-removed", Severity.ERROR, w.name(), "", "Type '" + w.name()
                            + "' is gone: its data has nowhere to go");
                }
                continue;
            }
            if (!m.alike(w)) {
                checkType(r, t, out);
            }
        }
        for (Matching.TaxonomyMatch x : m.taxonomies()) {
            TaxonomyDef w = x.writer();
            if (x.reader().isEmpty()) {
                if (r.writerIsBase()) {
                    add(out, r, "taxonomy-removed", Severity.ERROR, w.name(), "", "Value list '"
                            + w.name() + "' is gone");
                }
                continue;
            }
            if (!m.alike(w)) {
                checkTerms(r, w, x.reader().get(), out);
            }
        }
        return out;
    }

    /** The writer's terms the reader's list lacks. */
    protected void checkTerms(Reading r, TaxonomyDef w, TaxonomyDef rt, List<Finding> out) {
        Set<String> codes = new HashSet<>();
        rt.terms().forEach(t -> codes.add(t.code()));
        for (Term t : w.terms()) {
            if (!codes.contains(t.code())) {
                add(out, r, "term-removed", Severity.ERROR, w.name() + "." + t.code(), rt.name(),
                        "Value '" + t.code() + "' of '" + w.name() + "' is not in the reader's list");
            }
        }
    }

    /** One matched type pair ({@code t.reader()} is present): its content model, elements and keys. */
    protected void checkType(Reading r, Matching.TypeMatch t, List<Finding> out) {
        TypeDef w = t.writer();
        TypeDef rt = t.reader().orElseThrow();
        boolean readerClosed = closed(rt);
        if (readerClosed && !closed(w)) {
            add(out, r, "content-closed", Severity.ERROR, w.name(), rt.name(), "Type '" + rt.name()
                    + "' refuses elements it does not declare; the writer's '" + w.name() + "' allows them");
        }
        for (Matching.ElementMatch pair : t.elements()) {
            ElementDef we = pair.writer();
            Optional<ElementDef> re = pair.reader();
            if (re.isEmpty()) {
                Severity s = readerClosed ? Severity.ERROR : r.writerIsBase() ? Severity.WARNING : Severity.INFO;
                add(out, r, r.writerIsBase() ? "element-removed" : "element-added", s, w.name() + "." + we.name(),
                        rt.name(),
                        "Element '" + we.name() + "' is unknown to the reader's '" + rt.name() + "'"
                                + (readerClosed ? ", which is closed" : "; its values are ignored"));
                continue;
            }
            if (!unchanged(we, re.get())) {
                checkElement(r, w.name() + "." + we.name(), we, rt.name() + "." + re.get().name(), re.get(), out);
            }
        }
        for (ElementDef re : t.readerOnly()) {
            if (mustBePresent(re) && !fills(re)) {
                add(out, r, r.writerIsBase() ? "required-element-added" : "required-element-removed",
                        Severity.ERROR, w.name(), rt.name() + "." + re.name(), "Element '" + re.name()
                                + "' is required by the reader and the writer never sends it");
            }
        }
        Optional<KeyDef> wk = w.primaryKey();
        Optional<KeyDef> rk = rt.primaryKey();
        if (!wk.map(KeyDef::elements).equals(rk.map(KeyDef::elements))) {
            add(out, r, "key-changed", Severity.WARNING, w.name(), rt.name(), "Primary key "
                    + wk.map(k -> k.elements().toString()).orElse("none") + " became " + rk.map(k -> k.elements()
                    .toString()).orElse("none"));
        }
    }

    /**
     * An element both sides declare alike narrows nothing, in any rule set: a scalar type, occurrences,
     * nullability, default, constraints and annotations all equal (references are left to the full check, since
     * a renamed type changes what a reference stands for).
     */
    protected boolean unchanged(ElementDef we, ElementDef re) {
        return we.type() instanceof io.modelgraph.schema.DataType.Primitive && we.equals(re);
    }

    protected void checkElement(Reading r, String wp, ElementDef we, String rp, ElementDef re, List<Finding> out) {
        if (!accepts(re.type(), we.type(), r.matching())) {
            add(out, r, "type-narrowed", Severity.ERROR, wp, rp, "The reader takes "
                    + ValueTypes.describe(re.type()) + ", the writer sends " + ValueTypes.describe(we.type()));
        }
        Narrowing.occurrences(re.cardinality(), we.cardinality()).ifPresent(why -> add(out, r,
                "cardinality-narrowed", Severity.ERROR, wp, rp, "The reader takes " + why));
        if (becameRequired(we, re) && !fills(re)) {
            add(out, r, r.writerIsBase() ? "element-became-required" : "element-became-optional",
                    Severity.ERROR, wp, rp, "The reader requires '" + re.name() + "'; the writer may leave it out");
        }
        if (we.nullable() && !re.nullable()) {
            add(out, r, "nullability-narrowed", Severity.ERROR, wp, rp, "The writer may send null for '"
                    + we.name() + "'; the reader refuses it");
        }
        List<String> narrower = Narrowing.constraints(re.constraints(), we.constraints());
        if (!narrower.isEmpty()) {
            add(out, r, "constraint-narrowed", Severity.ERROR, wp, rp, "The reader adds "
                    + String.join(", ", narrower));
        }
    }

    /** Closed content: {@code additionalProperties: false}, a ShEx CLOSED shape, any format's neutral flag. */
    static boolean closed(TypeDef t) {
        return "true".equals(t.annotations().get("closed"));
    }
}
