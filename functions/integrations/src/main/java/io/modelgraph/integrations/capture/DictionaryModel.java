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

    private DictionaryModel() {
    }

    public static SchemaModel toModel(DataDictionary d, String projectName) {
        List<TypeDef> types = new ArrayList<>();
        List<TaxonomyDef> taxonomies = new ArrayList<>();
        boolean first = true;
        for (Map.Entry<String, List<DictionaryField>> form : d.forms().entrySet()) {
            List<ElementDef> elements = new ArrayList<>();
            List<KeyDef> keys = new ArrayList<>();
            for (DictionaryField f : form.getValue()) {
                if (f.fieldType().equals("descriptive")) {
                    continue;
                }
                if (f.hasChoiceList()) {
                    taxonomies.add(taxonomy(f));
                }
                elements.add(element(f));
                if (first) {
                    keys.add(KeyDef.primary(List.of(f.variable())));
                    first = false;
                }
            }
            Provenance provenance = Provenance.of(PROVENANCE).withOriginalName(form.getKey());
            types.add(new TypeDef(form.getKey(), Optional.empty(), List.of(), elements, false, Optional.empty(),
                    provenance, Map.of(FORM, form.getKey()), Optional.empty(), keys));
        }
        return new SchemaModel(projectName, Optional.empty(), types, taxonomies, Map.of(),
                Provenance.of(PROVENANCE), Map.of("redcap.fingerprint", d.fingerprint()));
    }

    public static String taxonomyName(String variable) {
        return variable + "_choices";
    }

    private static TaxonomyDef taxonomy(DictionaryField f) {
        List<Term> terms = new ArrayList<>();
        for (Choices.Choice c : Choices.parse(f.get(Column.CHOICES)).choices()) {
            if (terms.stream().noneMatch(t -> t.code().equals(c.code()))) {
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
        put(ann, VALIDATION, f.validation());
        put(ann, "redcap.min", f.get(Column.VALIDATION_MIN));
        put(ann, "redcap.max", f.get(Column.VALIDATION_MAX));
        put(ann, IDENTIFIER, f.identifier() ? "y" : "");
        put(ann, "redcap.branchingLogic", f.get(Column.BRANCHING_LOGIC));
        put(ann, "redcap.fieldNote", f.get(Column.FIELD_NOTE));
        put(ann, "redcap.sectionHeader", f.get(Column.SECTION_HEADER));
        put(ann, "redcap.alignment", f.get(Column.ALIGNMENT));
        put(ann, "redcap.questionNumber", f.get(Column.QUESTION_NUMBER));
        put(ann, "redcap.matrixGroup", f.get(Column.MATRIX_GROUP));
        put(ann, "redcap.matrixRanking", f.get(Column.MATRIX_RANKING));
        put(ann, "redcap.fieldAnnotation", f.get(Column.FIELD_ANNOTATION));
        if (f.fieldType().equals("calc")) {
            put(ann, "redcap.calculation", f.get(Column.CHOICES));
        } else if (f.fieldType().equals("slider") || f.fieldType().equals("sql")) {
            put(ann, "redcap.choices", f.get(Column.CHOICES));
        }
        DataType type = type(f);
        Cardinality cardinality = f.fieldType().equals("checkbox")
                ? (f.required() ? Cardinality.AT_LEAST_ONE : Cardinality.ANY_NUMBER)
                : f.required() ? Cardinality.REQUIRED : Cardinality.OPTIONAL;
        String label = f.get(Column.FIELD_LABEL);
        return new ElementDef(f.variable(), label.isEmpty() ? Optional.empty() : Optional.of(label), type,
                cardinality, false, constraints(f), Optional.empty(), Optional.empty(), List.of(), ann);
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
            c = c.withFormat("email");
        }
        BigDecimal min = number(f.get(Column.VALIDATION_MIN));
        BigDecimal max = number(f.get(Column.VALIDATION_MAX));
        boolean numeric = f.fieldType().equals("slider") || RedcapVocabulary.isNumber(f.validation());
        if (numeric && (min != null || max != null)) {
            c = c.withRange(min, max);
        }
        return c;
    }

    private static BigDecimal number(String cell) {
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
