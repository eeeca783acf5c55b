package io.modelgraph.integrations.capture;

import io.modelgraph.integrations.Connector.DriftedObject;
import io.modelgraph.integrations.Finding;
import static io.modelgraph.integrations.capture.AuditCodes.finding;

import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Compares a data dictionary with the governed model and says what differs, read-only. A form is governed when a
 * Type carries it ({@code redcap.form}) or is named like it; a variable when that Type has an Element of its name.
 * Coverage: what the dictionary has and the model does not govern. Drift: what governed datasets and fields say
 * that the dictionary now contradicts (only Types the connector imported, marked {@code redcap.form}, can drift).
 * Conformance: the dictionary on its own (PHI inventory, unvalidated text, REDCap's upload checks).
 */
public final class DictionaryAudit {

    /** What one audit found. {@code driftedObjects}: one entry per dataset or field with Drift findings. */
    public record Result(List<Finding> findings, List<DriftedObject> driftedObjects, Map<String, Integer> codes,
            Map<String, String> metrics, int errorCount, int warningCount, int infoCount) {
    }


    private final DataDictionary dictionary;
    private final SchemaModel governed;
    private final ChoiceLists choiceLists = new ChoiceLists();
    private final List<Finding> findings = new ArrayList<>();
    private final Map<String, Set<String>> drifted = new LinkedHashMap<>();
    /** Indexes over the governed model, so an audit costs in proportion to the dictionary, not its square. */
    private final Map<String, TypeDef> typesByForm = new java.util.HashMap<>();
    private final Map<String, TypeDef> typesByName = new java.util.HashMap<>();
    private final Map<String, TaxonomyDef> taxonomies = new java.util.HashMap<>();
    private final VariableNames variables;
    /** Types whose every element a field of the form they imported matched, so none of them is removed. */
    private final Set<TypeDef> covered = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private int fieldsGoverned;
    private int governedNodes;
    private int mappedNodes;

    private DictionaryAudit(DataDictionary dictionary, SchemaModel governed) {
        this.dictionary = dictionary;
        this.governed = governed;
        this.variables = VariableNames.of(dictionary.fields());
        for (TypeDef t : governed.types()) {
            String form = t.annotations().get(DictionaryModel.FORM);
            if (form != null) {
                typesByForm.putIfAbsent(form, t);
            }
            typesByName.putIfAbsent(t.name().toLowerCase(Locale.ROOT), t);
        }
        governed.taxonomies().forEach(t -> taxonomies.putIfAbsent(t.name(), t));
    }

    public static Result audit(DataDictionary dictionary, SchemaModel governed, Optional<String> lastImport) {
        return audit(dictionary, governed, lastImport, Optional.empty());
    }

    /**
     * With {@code previous} (the live project's dictionary as last imported), the production-change review adds
     * its section; its Errors count in {@code errorCount} like any other (docs/integrations.md).
     */
    public static Result audit(DataDictionary dictionary, SchemaModel governed, Optional<String> lastImport,
            Optional<DataDictionary> previous) {
        return new DictionaryAudit(dictionary, governed).run(lastImport, previous);
    }

    private Result run(Optional<String> lastImport, Optional<DataDictionary> previous) {
        Map<String, List<DictionaryField>> forms = dictionary.forms();
        int datasetsGoverned = 0;
        for (Map.Entry<String, List<DictionaryField>> form : forms.entrySet()) {
            Optional<TypeDef> type = resolve(form.getKey());
            if (type.isEmpty()) {
                findings.add(finding("dataset-unmapped", form.getKey(), "Instrument '" + form.getKey() + "' ("
                        + form.getValue().size() + " fields) has no governed dataset.", null));
                continue;
            }
            datasetsGoverned++;
            TypeDef t = type.get();
            count(t.mapsTo());
            // A model imported from this dictionary lists the form's fields in its order: the fields and the elements
            // are walked side by side while they agree, and the elements are indexed by name only once they do not.
            // Side by side, the element is the first of its name, as the index would give it, as long as the
            // field's name is not a repeat (then an earlier field, matched to an earlier element, had it).
            List<ElementDef> list = t.elements();
            Map<String, ElementDef> elements = null;
            int next = 0;
            for (DictionaryField f : form.getValue()) {
                if (f.fieldType().equals("descriptive")) {
                    continue;
                }
                Optional<ElementDef> element;
                if (elements == null && next < list.size() && !variables.repeats(f)
                        && list.get(next).name().equals(f.variable())) {
                    element = Optional.of(list.get(next++));
                } else {
                    if (elements == null) {
                        elements = byName(list);
                    }
                    element = Optional.ofNullable(elements.get(f.variable()));
                }
                if (element.isEmpty()) {
                    findings.add(finding("field-unmapped", form.getKey() + "." + f.variable(), "Field '"
                            + f.variable() + "' of instrument '" + form.getKey() + "' has no governed element.",
                            "row " + f.row()));
                    continue;
                }
                fieldsGoverned++;
                count(element.get().mapsTo());
                compare(form.getKey(), f, element.get());
            }
            if (elements == null && next == list.size() && form.getKey().equals(t.annotations().get(
                    DictionaryModel.FORM))) {
                covered.add(t); // every element is a field of the form it imported: none is removed
            }
        }
        removed(forms);
        conformance(forms);
        List<Finding> production = previous.map(p -> ProductionReview.review(p, dictionary)).orElse(List.of());
        findings.addAll(production);
        Map<String, Integer> codes = new TreeMap<>();
        int errors = 0;
        int warnings = 0;
        int infos = 0;
        for (Finding f : findings) {
            codes.merge(f.code(), 1, Integer::sum);
            switch (f.severity()) {
                case Finding.ERROR -> errors++;
                case Finding.WARNING -> warnings++;
                default -> infos++;
            }
        }
        Map<String, String> metrics = new LinkedHashMap<>();
        metrics.put("Datasets (estate)", Integer.toString(forms.size()));
        metrics.put("Datasets governed", Integer.toString(datasetsGoverned));
        metrics.put("Fields governed", Integer.toString(fieldsGoverned));
        metrics.put("Governed nodes with canonical mappings", mappedNodes + " / " + governedNodes + " ("
                + (governedNodes == 0 ? "0" : String.format(Locale.ROOT, "%.1f", 100.0 * mappedNodes / governedNodes))
                + "%)");
        metrics.put("Last import", lastImport.orElse("never"));
        if (previous.isPresent()) {
            long critical = production.stream().filter(f -> f.severity().equals(Finding.ERROR)).count();
            metrics.put("Production review", critical + " critical, " + (production.size() - critical)
                    + " approved automatically");
        }
        List<DriftedObject> objects = drifted.entrySet().stream().map(e -> new DriftedObject(
                e.getKey().contains(".") ? "field" : "dataset", e.getKey(), List.copyOf(e.getValue()))).toList();
        return new Result(List.copyOf(findings), objects, codes, metrics, errors, warnings, infos);
    }

    private static Map<String, ElementDef> byName(List<ElementDef> elements) {
        Map<String, ElementDef> out = new java.util.HashMap<>(elements.size() * 4 / 3 + 1);
        elements.forEach(e -> out.putIfAbsent(e.name(), e));
        return out;
    }

    private void count(Optional<String> mapsTo) {
        governedNodes++;
        if (mapsTo.isPresent()) {
            mappedNodes++;
        }
    }

    private Optional<TypeDef> resolve(String form) {
        return Optional.ofNullable(typesByForm.get(form))
                .or(() -> Optional.ofNullable(typesByName.get(form.toLowerCase(Locale.ROOT))));
    }

    /**
     * One governed field against its row. Most fields agree with what governs them, so nothing is built for them:
     * no subject, no type, no set of codes; messages are made only for what is reported.
     */
    private void compare(String form, DictionaryField f, ElementDef e) {
        DataType was = e.type();
        if (was instanceof DataType.TaxonomyRef ref) {
            if (!f.hasChoiceList()) {
                drift("enum-constraint-removed", subject(form, f), "Field '" + f.variable() + "' is governed by"
                        + " taxonomy '" + ref.taxonomyName() + "' but is now a " + f.fieldType() + " field without a"
                        + " choice list.", null);
            } else {
                TaxonomyDef taxonomy = taxonomies.get(ref.taxonomyName());
                if (taxonomy != null) {
                    enums(form, f, taxonomy);
                }
            }
        } else if (was instanceof DataType.Primitive p) {
            if (f.hasChoiceList() || p.kind() != DictionaryModel.primitiveKind(f)) {
                drift("field-type-drift", subject(form, f), "Field '" + f.variable() + "' is governed as "
                        + p.kind().name().toLowerCase(Locale.ROOT) + " but the dictionary makes it " + describe(f) + ".",
                        null);
            }
        }
        List<String> contract = List.of();
        if (e.cardinality().required() != f.required()) {
            contract = new ArrayList<>(4);
            contract.add("required " + (e.cardinality().required() ? "y" : "blank") + " → "
                    + (f.required() ? "y" : "blank"));
        }
        Map<String, String> annotations = e.annotations();
        boolean wasIdentifier = "y".equals(annotations.get(DictionaryModel.IDENTIFIER));
        if (wasIdentifier != f.identifier()) {
            contract = contract.isEmpty() ? new ArrayList<>(4) : contract;
            contract.add("identifier " + (wasIdentifier ? "y" : "blank") + " → " + (f.identifier() ? "y" : "blank"));
        }
        if (annotations.containsKey(DictionaryModel.FIELD_TYPE)) {
            contract = bound(contract, "min ", annotations.getOrDefault(DictionaryModel.MIN, ""),
                    f.get(Column.VALIDATION_MIN));
            contract = bound(contract, "max ", annotations.getOrDefault(DictionaryModel.MAX, ""),
                    f.get(Column.VALIDATION_MAX));
        }
        if (!contract.isEmpty()) {
            drift("contract-drift", subject(form, f), "Field '" + f.variable() + "' changed its contract: "
                    + String.join(", ", contract) + ".", null);
        }
    }

    /** {@code contract} with the change of one bound added when it changed (a new list when it was empty). */
    private static List<String> bound(List<String> contract, String name, String before, String now) {
        if (before.equals(now)) {
            return contract;
        }
        List<String> out = contract.isEmpty() ? new ArrayList<>(4) : contract;
        out.add(name + (before.isEmpty() ? "none" : before) + " → " + (now.isEmpty() ? "none" : now));
        return out;
    }

    private static String subject(String form, DictionaryField f) {
        return form + "." + f.variable();
    }

    private static boolean sameCodes(List<Term> terms, List<Choices.Choice> choices) {
        if (terms.size() != choices.size()) {
            return false;
        }
        for (int i = 0; i < terms.size(); i++) {
            if (!terms.get(i).code().equals(choices.get(i).code())) {
                return false;
            }
        }
        return true;
    }

    private void enums(String form, DictionaryField f, TaxonomyDef taxonomy) {
        List<Term> terms = taxonomy.terms();
        List<Choices.Choice> choices = choiceLists.of(f).choices();
        if (sameCodes(terms, choices)) {
            return; // the same codes in the same order: nothing widened or narrowed, no set built
        }
        Set<String> wasSet = new LinkedHashSet<>(terms.stream().map(Term::code).toList());
        Set<String> nowSet = new LinkedHashSet<>(choices.stream().map(Choices.Choice::code).toList());
        Set<String> added = new LinkedHashSet<>(nowSet);
        added.removeAll(wasSet);
        Set<String> gone = new LinkedHashSet<>(wasSet);
        gone.removeAll(nowSet);
        if (!added.isEmpty()) {
            drift("enum-widened", subject(form, f), "Field '" + f.variable() + "' offers codes the governed taxonomy '"
                    + taxonomy.name() + "' does not have: " + String.join(", ", added) + ".", null);
        }
        if (!gone.isEmpty()) {
            drift("enum-narrowed", subject(form, f), "Field '" + f.variable() + "' no longer offers governed codes: "
                    + String.join(", ", gone) + ".", null);
        }
    }

    /** Governed datasets and fields the connector imported that the dictionary no longer has. */
    private void removed(Map<String, List<DictionaryField>> forms) {
        for (TypeDef t : governed.types()) {
            String form = t.annotations().get(DictionaryModel.FORM);
            if (form == null) {
                continue;
            }
            if (covered.contains(t)) {
                continue;
            }
            List<DictionaryField> fields = forms.get(form);
            if (fields == null) {
                drift("dataset-removed", form, "Governed instrument '" + form + "' is not in the dictionary.", null);
                continue;
            }
            Set<String> variables = new java.util.HashSet<>(fields.size() * 4 / 3 + 1);
            for (DictionaryField f : fields) {
                variables.add(f.variable());
            }
            for (ElementDef e : t.elements()) {
                if (e.annotations().containsKey(DictionaryModel.FIELD_TYPE) && !variables.contains(e.name())) {
                    drift("field-removed", form + "." + e.name(), "Governed field '" + e.name() + "' of instrument '"
                            + form + "' is not in the dictionary.", null);
                }
            }
        }
    }

    private void conformance(Map<String, List<DictionaryField>> forms) {
        for (Map.Entry<String, List<DictionaryField>> form : forms.entrySet()) {
            List<String> phi = new ArrayList<>();
            List<String> unvalidated = new ArrayList<>();
            for (DictionaryField f : form.getValue()) {
                if (f.identifier()) {
                    phi.add(f.variable());
                }
                if (f.fieldType().equals("text") && f.validation().isEmpty()) {
                    unvalidated.add(f.variable());
                }
            }
            if (!phi.isEmpty()) {
                findings.add(finding("phi-fields", form.getKey(), "Instrument '" + form.getKey() + "' holds "
                        + phi.size() + " identifier (PHI) field" + (phi.size() == 1 ? "" : "s") + ".",
                        String.join(", ", phi)));
            }
            if (!unvalidated.isEmpty()) {
                findings.add(finding("text-no-validation", form.getKey(), "Instrument '" + form.getKey() + "' has "
                        + unvalidated.size() + " text field" + (unvalidated.size() == 1 ? "" : "s")
                        + " without validation.", String.join(", ", unvalidated)));
            }
        }
        for (DictionaryCheck check : DictionaryValidator.validate(dictionary, choiceLists, variables)) {
            String subject = check.row() <= 0 ? "header" : fieldAt(check.row())
                    .map(f -> f.form() + "." + f.variable()).orElse("row " + check.row());
            Finding f = finding(check.code(), subject, check.message(), check.where());
            if (check.code().equals(DictionaryCheck.UPLOAD_CHECK) && check.severity() == DictionaryCheck.Severity.WARNING) {
                f = new Finding(f.section(), Finding.WARNING, f.code(), f.subject(), f.message(), f.detail());
            }
            findings.add(f);
        }
    }

    /**
     * The field on a row of the file, found by halving: the reader keeps fields in file order, so rows ascend, and
     * only the rows of checks are looked up (no index of every row per audit).
     */
    private Optional<DictionaryField> fieldAt(int row) {
        List<DictionaryField> fields = dictionary.fields();
        int lo = 0;
        int hi = fields.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int at = fields.get(mid).row();
            if (at < row) {
                lo = mid + 1;
            } else if (at > row) {
                hi = mid - 1;
            } else {
                return Optional.of(fields.get(mid));
            }
        }
        return Optional.empty();
    }

    private void drift(String code, String subject, String message, String detail) {
        findings.add(finding(code, subject, message, detail));
        drifted.computeIfAbsent(subject, k -> new LinkedHashSet<>()).add(code);
    }

    private static String describe(DictionaryField f) {
        return f.fieldType() + (f.validation().isEmpty() ? "" : " (" + f.validation() + ")");
    }
}
