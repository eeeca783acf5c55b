package io.modelgraph.compat.formats;

import io.modelgraph.compat.ConsumerRules;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Matching;
import io.modelgraph.compat.Reading;
import io.modelgraph.compat.Severity;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * REDCap consumers (docs/compare.md "REDCap"): the capture connector's production-change review, in model terms,
 * with its codes under {@code redcap.}: a field deleted, moved to another instrument, its type or validation
 * changed, a choice removed or relabelled (errors: data already collected changes meaning); a field or choice added
 * (info). Fields are elements matched by variable name across instruments (types); choices are the terms of the
 * element's value list. The review compares base to candidate whatever the mode (REDCap has one reader, the
 * project), so FULL reports each change once.
 */
public final class RedcapRules implements ConsumerRules {
    @Override
    public String consumer() {
        return "redcap";
    }

    private record Field(TypeDef form, ElementDef element) {
        String path() {
            return form.name() + "." + element.name();
        }
    }

    @Override
    public List<Finding> check(Reading r) {
        SchemaModel base = r.writerIsBase() ? r.writer() : r.reader();
        SchemaModel candidate = r.writerIsBase() ? r.reader() : r.writer();
        Map<String, Field> now = fields(candidate);
        Map<String, Field> before = fields(base);
        List<Finding> out = new ArrayList<>();
        for (Field was : before.values()) {
            Field is = now.get(was.element().name());
            if (is == null) {
                out.add(finding(r, "production-field-deleted", Severity.ERROR, was.path(), "", "Field '"
                        + was.element().name() + "' is deleted; its collected data is lost"));
                continue;
            }
            if (alike(r.matching(), r.writerIsBase(), was, is)) {
                continue;
            }
            if (!is.form().name().equals(was.form().name())) {
                out.add(finding(r, "production-field-moved", Severity.ERROR, was.path(), is.path(), "Field '"
                        + was.element().name() + "' moves from instrument '" + was.form().name() + "' to '"
                        + is.form().name() + "'"));
            }
            String wasType = fieldType(was.element());
            String isType = fieldType(is.element());
            if (!wasType.equals(isType)) {
                out.add(finding(r, "production-field-type-changed", Severity.ERROR, was.path(), is.path(),
                        "Field type " + wasType + " became " + isType));
            } else if (!validation(was.element()).equals(validation(is.element()))) {
                out.add(finding(r, "production-validation-changed", Severity.ERROR, was.path(), is.path(),
                        "Validation " + validation(was.element()) + " became " + validation(is.element())));
            }
            choices(r, base, candidate, was, is, out);
        }
        for (Field is : now.values()) {
            if (!before.containsKey(is.element().name())) {
                out.add(finding(r, "production-field-added", Severity.INFO, "", is.path(), "Field '"
                        + is.element().name() + "' is new"));
            }
        }
        return out;
    }

    /**
     * The same field in the same instrument, declared alike, with an unchanged value list: nothing for the review
     * (the shared matching decides the lists once).
     */
    private static boolean alike(Matching m, boolean writerIsBase, Field was, Field is) {
        if (!is.form().name().equals(was.form().name())) {
            return false;
        }
        // an instrument the matching declares alike holds the same fields in the same order on both sides, so
        // the first field of a name in it is the same field: no second comparison of its every element
        TypeDef writerForm = writerIsBase ? was.form() : is.form();
        TypeDef readerForm = writerIsBase ? is.form() : was.form();
        boolean sameForms = m.alike(writerForm) && m.readerTypeNamed(writerForm.name()).orElse(null) == readerForm;
        if (!sameForms && !is.element().equals(was.element())) {
            return false;
        }
        return !(was.element().type() instanceof io.modelgraph.schema.DataType.TaxonomyRef ref)
                || m.writerTaxonomy(ref.taxonomyName()).map(m::alike).orElse(false);
    }

    private static Finding finding(Reading r, String code, Severity s, String basePath, String candidatePath,
            String message) {
        // placed by hand: the review always reads base to candidate
        return r.writerIsBase() ? r.finding("redcap." + code, s, basePath, candidatePath, message)
                : r.finding("redcap." + code, s, candidatePath, basePath, message);
    }

    private static void choices(Reading r, SchemaModel base, SchemaModel candidate, Field was, Field is,
            List<Finding> out) {
        // value lists by name through the shared matching (hash lookups, not a scan of the model per field)
        Matching m = r.matching();
        Optional<TaxonomyDef> a = list(r.writerIsBase() ? m::writerTaxonomy : m::readerTaxonomyNamed, was.element());
        Optional<TaxonomyDef> b = list(r.writerIsBase() ? m::readerTaxonomyNamed : m::writerTaxonomy, is.element());
        if (a.isEmpty() || b.isEmpty()) {
            return;
        }
        Map<String, Term> after = new HashMap<>();
        b.get().terms().forEach(t -> after.putIfAbsent(t.code(), t));
        Map<String, Term> earlier = new HashMap<>();
        for (Term t : a.get().terms()) {
            earlier.putIfAbsent(t.code(), t);
            Term now = after.get(t.code());
            if (now == null) {
                out.add(finding(r, "production-choice-removed", Severity.ERROR, was.path() + "." + t.code(),
                        is.path(), "Choice " + t.code() + " is removed; records holding it lose their meaning"));
            } else if (!Objects.equals(t.label(), now.label())) {
                out.add(finding(r, "production-choice-relabelled", Severity.ERROR, was.path() + "." + t.code(),
                        is.path() + "." + t.code(), "Choice " + t.code() + " is relabelled from '" + t.label()
                                .orElse("") + "' to '" + now.label().orElse("") + "'"));
            }
        }
        for (Term t : b.get().terms()) {
            if (!earlier.containsKey(t.code())) {
                out.add(finding(r, "production-choice-added", Severity.INFO, was.path(), is.path() + "." + t.code(),
                        "Choice " + t.code() + " is new"));
            }
        }
    }

    private static Optional<TaxonomyDef> list(java.util.function.Function<String, Optional<TaxonomyDef>> byName,
            ElementDef e) {
        return e.type() instanceof io.modelgraph.schema.DataType.TaxonomyRef ref ? byName.apply(ref.taxonomyName())
                : Optional.empty();
    }

    private static String fieldType(ElementDef e) {
        return e.annotations().getOrDefault("redcap.fieldType", describe(e));
    }

    private static String describe(ElementDef e) {
        if (e.type() instanceof io.modelgraph.schema.DataType.Primitive p) {
            return p.kind().name().toLowerCase(java.util.Locale.ROOT);
        }
        return e.type() instanceof io.modelgraph.schema.DataType.TaxonomyRef ? "choice" : "other";
    }

    private static String validation(ElementDef e) {
        return e.annotations().getOrDefault("redcap.validation", "") + " " + e.annotations().getOrDefault(
                "redcap.min", "") + ".." + e.annotations().getOrDefault("redcap.max", "") + " "
                + e.constraints().pattern().orElse("");
    }

    /** Fields by variable name (first occurrence), in instrument order. */
    private static Map<String, Field> fields(SchemaModel m) {
        Map<String, Field> out = new java.util.LinkedHashMap<>();
        for (TypeDef t : m.types()) {
            for (ElementDef e : t.elements()) {
                if (!out.containsKey(e.name())) {
                    out.put(e.name(), new Field(t, e));
                }
            }
        }
        return out;
    }
}
