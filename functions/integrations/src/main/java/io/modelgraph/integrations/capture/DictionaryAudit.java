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
    private int fieldsGoverned;
    private int governedNodes;
    private int mappedNodes;

    private DictionaryAudit(DataDictionary dictionary, SchemaModel governed) {
        this.dictionary = dictionary;
        this.governed = governed;
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
            count(type.get().mapsTo());
            Map<String, ElementDef> elements = new java.util.HashMap<>();
            type.get().elements().forEach(e -> elements.putIfAbsent(e.name(), e));
            for (DictionaryField f : form.getValue()) {
                if (f.fieldType().equals("descriptive")) {
                    continue;
                }
                Optional<ElementDef> element = Optional.ofNullable(elements.get(f.variable()));
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

    private void compare(String form, DictionaryField f, ElementDef e) {
        String subject = form + "." + f.variable();
        DataType was = e.type();
        DataType now = DictionaryModel.type(f);
        if (was instanceof DataType.TaxonomyRef ref) {
            if (!(now instanceof DataType.TaxonomyRef)) {
                drift("enum-constraint-removed", subject, "Field '" + f.variable() + "' is governed by taxonomy '"
                        + ref.taxonomyName() + "' but is now a " + f.fieldType() + " field without a choice list.",
                        null);
            } else {
                enums(subject, f, Optional.ofNullable(taxonomies.get(ref.taxonomyName())));
            }
        } else if (was instanceof DataType.Primitive p) {
            if (!(now instanceof DataType.Primitive q) || p.kind() != q.kind()) {
                drift("field-type-drift", subject, "Field '" + f.variable() + "' is governed as "
                        + p.kind().name().toLowerCase(Locale.ROOT) + " but the dictionary makes it " + describe(f) + ".",
                        null);
            }
        }
        List<String> contract = new ArrayList<>();
        if (e.cardinality().required() != f.required()) {
            contract.add("required " + (e.cardinality().required() ? "y" : "blank") + " → "
                    + (f.required() ? "y" : "blank"));
        }
        boolean wasIdentifier = "y".equals(e.annotations().get(DictionaryModel.IDENTIFIER));
        if (wasIdentifier != f.identifier()) {
            contract.add("identifier " + (wasIdentifier ? "y" : "blank") + " → " + (f.identifier() ? "y" : "blank"));
        }
        for (Column c : List.of(Column.VALIDATION_MIN, Column.VALIDATION_MAX)) {
            String key = c == Column.VALIDATION_MIN ? "redcap.min" : "redcap.max";
            String before = e.annotations().getOrDefault(key, "");
            if (e.annotations().containsKey(DictionaryModel.FIELD_TYPE) && !Objects.equals(before, f.get(c))) {
                contract.add((c == Column.VALIDATION_MIN ? "min " : "max ") + (before.isEmpty() ? "none" : before)
                        + " → " + (f.get(c).isEmpty() ? "none" : f.get(c)));
            }
        }
        if (!contract.isEmpty()) {
            drift("contract-drift", subject, "Field '" + f.variable() + "' changed its contract: "
                    + String.join(", ", contract) + ".", null);
        }
    }

    private void enums(String subject, DictionaryField f, Optional<TaxonomyDef> taxonomy) {
        if (taxonomy.isEmpty()) {
            return;
        }
        Set<String> was = new LinkedHashSet<>(taxonomy.get().terms().stream().map(Term::code).toList());
        Set<String> now = new LinkedHashSet<>(choiceLists.of(f).codes());
        Set<String> added = new LinkedHashSet<>(now);
        added.removeAll(was);
        Set<String> gone = new LinkedHashSet<>(was);
        gone.removeAll(now);
        if (!added.isEmpty()) {
            drift("enum-widened", subject, "Field '" + f.variable() + "' offers codes the governed taxonomy '"
                    + taxonomy.get().name() + "' does not have: " + String.join(", ", added) + ".", null);
        }
        if (!gone.isEmpty()) {
            drift("enum-narrowed", subject, "Field '" + f.variable() + "' no longer offers governed codes: "
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
            List<DictionaryField> fields = forms.get(form);
            if (fields == null) {
                drift("dataset-removed", form, "Governed instrument '" + form + "' is not in the dictionary.", null);
                continue;
            }
            Set<String> variables = new LinkedHashSet<>(fields.stream().map(DictionaryField::variable).toList());
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
            List<String> phi = form.getValue().stream().filter(DictionaryField::identifier)
                    .map(DictionaryField::variable).toList();
            if (!phi.isEmpty()) {
                findings.add(finding("phi-fields", form.getKey(), "Instrument '" + form.getKey() + "' holds "
                        + phi.size() + " identifier (PHI) field" + (phi.size() == 1 ? "" : "s") + ".",
                        String.join(", ", phi)));
            }
            List<String> unvalidated = form.getValue().stream().filter(f -> f.fieldType().equals("text")
                    && f.validation().isEmpty()).map(DictionaryField::variable).toList();
            if (!unvalidated.isEmpty()) {
                findings.add(finding("text-no-validation", form.getKey(), "Instrument '" + form.getKey() + "' has "
                        + unvalidated.size() + " text field" + (unvalidated.size() == 1 ? "" : "s")
                        + " without validation.", String.join(", ", unvalidated)));
            }
        }
        Map<Integer, DictionaryField> byRow = new java.util.HashMap<>();
        dictionary.fields().forEach(f -> byRow.put(f.row(), f));
        for (DictionaryCheck check : DictionaryValidator.validate(dictionary, choiceLists)) {
            String subject = check.row() <= 0 ? "header" : Optional.ofNullable(byRow.get(check.row()))
                    .map(f -> f.form() + "." + f.variable()).orElse("row " + check.row());
            Finding f = finding(check.code(), subject, check.message(), check.where());
            if (check.code().equals(DictionaryCheck.UPLOAD_CHECK) && check.severity() == DictionaryCheck.Severity.WARNING) {
                f = new Finding(f.section(), Finding.WARNING, f.code(), f.subject(), f.message(), f.detail());
            }
            findings.add(f);
        }
    }

    private void drift(String code, String subject, String message, String detail) {
        findings.add(finding(code, subject, message, detail));
        drifted.computeIfAbsent(subject, k -> new LinkedHashSet<>()).add(code);
    }

    private static String describe(DictionaryField f) {
        return f.fieldType() + (f.validation().isEmpty() ? "" : " (" + f.validation() + ")");
    }
}
