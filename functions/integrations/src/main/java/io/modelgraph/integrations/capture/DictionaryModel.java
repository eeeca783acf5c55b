package io.modelgraph.integrations.capture;

import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A data dictionary as the canonical model: each form (instrument) a Type, each field an Element, each choice list
 * a Taxonomy named {@code <variable>_choices} with the codes as terms. Everything REDCap says about a field that
 * the model has no field for is vendor metadata, annotations {@code redcap.*} (field type, validation, min and max,
 * identifier, branching logic, calculation, field note, section header, alignment, question number, matrix group
 * and ranking, action tags). Descriptive fields hold no data and become no Element.
 */
public final class DictionaryModel {
    public static final String PROVENANCE = "capture";
    public static final String FORM = "redcap.form";
    public static final String FIELD_TYPE = "redcap.fieldType";
    public static final String VALIDATION = "redcap.validation";
    public static final String IDENTIFIER = "redcap.identifier";
    public static final String MIN = "redcap.min";
    public static final String MAX = "redcap.max";
    public static final String CALCULATION = "redcap.calculation";
    public static final String CHOICES = "redcap.choices";
    /** Columns kept as they are, each in its annotation; generate writes them back unchanged (docs/integrations.md). */
    public static final Map<Column, String> VERBATIM = verbatim();
    /**
     * On a Type: its descriptive fields, which hold no data and so become no Element, as a JSON array of
     * {@code {"after": "<variable or empty>", "cells": {"<column>": "<text>"}}}, so generate writes them back where
     * they stood.
     */
    public static final String DESCRIPTIVE_FIELDS = "redcap.descriptiveFields";

    private DictionaryModel() {
    }

    public static SchemaModel toModel(DataDictionary d, String projectName) {
        List<TypeDef> types = new ArrayList<>();
        List<TaxonomyDef> taxonomies = new ArrayList<>();
        boolean first = true;
        for (Map.Entry<String, List<DictionaryField>> form : d.forms().entrySet()) {
            List<ElementDef> elements = new ArrayList<>();
            List<KeyDef> keys = new ArrayList<>();
            com.fasterxml.jackson.databind.node.ArrayNode descriptive = io.modelgraph.json.Json.array();
            String previous = "";
            for (DictionaryField f : form.getValue()) {
                if (f.fieldType().equals("descriptive")) {
                    com.fasterxml.jackson.databind.node.ObjectNode cells = descriptive.addObject()
                            .put("after", previous).putObject("cells");
                    f.cells().forEach((c, v) -> {
                        if (!v.isEmpty()) {
                            cells.put(c.name(), v);
                        }
                    });
                    continue;
                }
                previous = f.variable();
                if (f.hasChoiceList()) {
                    taxonomies.add(taxonomy(f));
                }
                elements.add(element(f));
                if (first) {
                    keys.add(KeyDef.primary(List.of(f.variable())));
                    first = false;
                }
            }
            Provenance provenance = Provenance.of(PROVENANCE).toBuilder().originalName(form.getKey()).build();
            Map<String, String> annotations = new LinkedHashMap<>();
            annotations.put(FORM, form.getKey());
            if (!descriptive.isEmpty()) {
                annotations.put(DESCRIPTIVE_FIELDS, io.modelgraph.json.Json.write(descriptive));
            }
            types.add(new TypeDef(form.getKey(), Optional.empty(), List.of(), elements, false, Optional.empty(),
                    provenance, annotations, Optional.empty(), keys));
        }
        return SchemaModel.builder(projectName).types(types).taxonomies(taxonomies)
                .provenance(Provenance.of(PROVENANCE)).annotations(Map.of("redcap.fingerprint", d.fingerprint()))
                .build();
    }

    private static Map<Column, String> verbatim() {
        Map<Column, String> m = new java.util.EnumMap<>(Column.class);
        m.put(Column.SECTION_HEADER, "redcap.sectionHeader");
        m.put(Column.FIELD_NOTE, "redcap.fieldNote");
        m.put(Column.VALIDATION, VALIDATION);
        m.put(Column.VALIDATION_MIN, MIN);
        m.put(Column.VALIDATION_MAX, MAX);
        m.put(Column.BRANCHING_LOGIC, "redcap.branchingLogic");
        m.put(Column.ALIGNMENT, "redcap.alignment");
        m.put(Column.QUESTION_NUMBER, "redcap.questionNumber");
        m.put(Column.MATRIX_GROUP, "redcap.matrixGroup");
        m.put(Column.MATRIX_RANKING, "redcap.matrixRanking");
        m.put(Column.FIELD_ANNOTATION, "redcap.fieldAnnotation");
        return java.util.Collections.unmodifiableMap(m);
    }

    public static String taxonomyName(String variable) {
        return variable + "_choices";
    }

    private static TaxonomyDef taxonomy(DictionaryField f) {
        List<Term> terms = new ArrayList<>();
        // the first choice of a code wins; the codes seen are a set, since scanning the terms per choice made a
        // field of 40,000 choices take 12 s
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Choices.Choice c : Choices.parse(f.get(Column.CHOICES)).choices()) {
            if (seen.add(c.code())) {
                terms.add(new Term(c.code(), Optional.of(c.label()), Optional.empty(), Optional.empty()));
            }
        }
        return new TaxonomyDef(taxonomyName(f.variable()), Optional.empty(), terms, Optional.empty(),
                Provenance.of(PROVENANCE), Map.of(FORM, f.form()));
    }

    static ElementDef element(DictionaryField f) {
        Map<String, String> ann = new LinkedHashMap<>();
        ann.put(FORM, f.form());
        ann.put(FIELD_TYPE, f.fieldType());
        VERBATIM.forEach((column, key) -> put(ann, key, f.get(column)));
        put(ann, IDENTIFIER, f.identifier() ? "y" : "");
        if (f.fieldType().equals("calc")) {
            put(ann, CALCULATION, f.get(Column.CHOICES));
        } else if (!f.hasChoiceList()) {
            // slider labels, an sql query, a text field's ontology (BIOPORTAL:...) or whatever else the cell holds
            put(ann, CHOICES, f.get(Column.CHOICES));
        }
        DataType type = type(f);
        Cardinality cardinality = f.fieldType().equals("checkbox")
                ? (f.required() ? Cardinality.AT_LEAST_ONE : Cardinality.ANY_NUMBER)
                : f.required() ? Cardinality.REQUIRED : Cardinality.OPTIONAL;
        String label = f.get(Column.FIELD_LABEL);
        return ElementDef.builder(f.variable()).description(label.isEmpty() ? Optional.empty() : Optional.of(label))
                .type(type).cardinality(cardinality).constraints(constraints(f)).annotations(ann).build();
    }

    /**
     * The primitive kind a field without a choice list stores, as {@link #type} gives it; the audit compares kinds
     * without building a type per field.
     */
    static PrimitiveKind primitiveKind(DictionaryField f) {
        return switch (f.fieldType()) {
            case "yesno", "truefalse" -> PrimitiveKind.BOOLEAN;
            case "calc" -> PrimitiveKind.NUMBER;
            case "slider" -> PrimitiveKind.INTEGER;
            case "file" -> PrimitiveKind.BINARY;
            case "text" -> f.validation().isEmpty() ? PrimitiveKind.STRING : kindOf(f.validation());
            default -> PrimitiveKind.STRING;
        };
    }

    static DataType type(DictionaryField f) {
        String v = f.validation();
        return switch (f.fieldType()) {
            case "radio", "dropdown", "checkbox" -> new DataType.TaxonomyRef(taxonomyName(f.variable()));
            case "yesno", "truefalse" -> new DataType.Primitive(PrimitiveKind.BOOLEAN, Optional.of(f.fieldType()));
            case "calc" -> new DataType.Primitive(PrimitiveKind.NUMBER, Optional.of("calc"));
            case "slider" -> new DataType.Primitive(PrimitiveKind.INTEGER, Optional.of("slider"));
            case "file" -> new DataType.Primitive(PrimitiveKind.BINARY, Optional.of("file"));
            case "text" -> v.isEmpty() ? DataType.of(PrimitiveKind.STRING)
                    : new DataType.Primitive(kindOf(v), Optional.of(v));
            default -> new DataType.Primitive(PrimitiveKind.STRING, Optional.of(f.fieldType()));
        };
    }

    static PrimitiveKind kindOf(String validation) {
        if (validation.equals("integer") || validation.equals("int")) {
            return PrimitiveKind.INTEGER;
        }
        if (RedcapVocabulary.isNumber(validation)) {
            return PrimitiveKind.NUMBER;
        }
        if (validation.startsWith("datetime")) {
            return PrimitiveKind.DATETIME;
        }
        if (RedcapVocabulary.isDate(validation)) {
            return PrimitiveKind.DATE;
        }
        if (RedcapVocabulary.isTime(validation)) {
            return PrimitiveKind.TIME;
        }
        return PrimitiveKind.STRING;
    }

    private static Constraints constraints(DictionaryField f) {
        Constraints c = Constraints.NONE;
        if (f.validation().equals("email")) {
            c = c.toBuilder().format("email").build();
        }
        BigDecimal min = number(f.get(Column.VALIDATION_MIN));
        BigDecimal max = number(f.get(Column.VALIDATION_MAX));
        boolean numeric = f.fieldType().equals("slider") || RedcapVocabulary.isNumber(f.validation());
        if (numeric && (min != null || max != null)) {
            c = c.toBuilder().minimum(min).maximum(max).build();
        }
        return c;
    }

    static BigDecimal number(String cell) {
        try {
            return cell.isEmpty() ? null : new BigDecimal(cell);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void put(Map<String, String> ann, String key, String value) {
        if (!value.isEmpty()) {
            ann.put(key, value);
        }
    }
}
