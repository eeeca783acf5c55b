package io.modelgraph.integrations.capture;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A governed model as an upload-ready REDCap data dictionary (the seed's rule 9): one form per Type, a record id
 * field first, governed taxonomies as dropdowns with minted numeric codes (checkboxes where many values are
 * allowed), required elements {@code Required Field? = y}, integers, numbers and dates as text fields validated
 * {@code integer}, {@code number}, {@code date_ymd} (date-times {@code datetime_ymd}, times {@code time}), Booleans
 * as {@code yesno}, and references across forms as plain text. Names are made valid for REDCap; every rename and
 * every approximation is in the ledger.
 */
public final class DictionaryGenerator {
    public static final String FILE_NAME = "service_data_dictionary.csv";
    public static final String RECORD_ID = "record_id";
    private static final int MAX_NAME = 100;

    private final SchemaModel model;
    private final LossinessLedger ledger;
    private final Set<String> variables = new HashSet<>();
    private final Set<String> forms = new HashSet<>();

    private DictionaryGenerator(SchemaModel model, LossinessLedger ledger) {
        this.model = model;
        this.ledger = ledger;
    }

    /** The CSV, or empty when no type of {@code typeNames} (all when empty) has an element to emit. */
    public static Optional<String> generate(SchemaModel model, List<String> typeNames, LossinessLedger ledger) {
        return new DictionaryGenerator(model, ledger).csv(typeNames);
    }

    private Optional<String> csv(List<String> typeNames) {
        List<TypeDef> eligible = model.types().stream()
                .filter(t -> typeNames.isEmpty() || typeNames.contains(t.name()))
                .filter(t -> !t.elements().isEmpty()).toList();
        if (eligible.isEmpty()) {
            return Optional.empty();
        }
        List<Map<Column, String>> rows = new ArrayList<>();
        variables.add(RECORD_ID);
        for (TypeDef type : eligible) {
            String form = formName(type.name());
            if (rows.isEmpty()) {
                Map<Column, String> id = row(RECORD_ID, form, "text", "Record ID");
                rows.add(id);
            }
            for (ElementDef e : type.elements()) {
                if (isRecordId(e, type)) {
                    continue;
                }
                rows.add(field(type, form, e));
            }
        }
        StringWriter out = new StringWriter();
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180)) {
            printer.printRecord(java.util.Arrays.stream(Column.values()).map(Column::header).toList());
            for (Map<Column, String> r : rows) {
                printer.printRecord(java.util.Arrays.stream(Column.values()).map(c -> r.getOrDefault(c, "")).toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Optional.of(out.toString());
    }

    /** The governed record id (a primary key element named record_id) is emitted once, first. */
    private static boolean isRecordId(ElementDef e, TypeDef type) {
        return e.name().equals(RECORD_ID) && type.primaryKey().map(k -> k.elements().contains(RECORD_ID)).orElse(false);
    }

    private Map<Column, String> field(TypeDef type, String form, ElementDef e) {
        String path = type.name() + "." + e.name();
        String variable = variableName(e.name(), path);
        Map<Column, String> r = row(variable, form, "text", e.description().orElse(e.name()));
        if (e.cardinality().required()) {
            r.put(Column.REQUIRED, "y");
        }
        if ("y".equals(e.annotations().get(DictionaryModel.IDENTIFIER))) {
            r.put(Column.IDENTIFIER, "y");
        }
        DataType t = e.type();
        if (t instanceof DataType.TaxonomyRef ref) {
            Optional<TaxonomyDef> taxonomy = model.taxonomy(ref.taxonomyName());
            r.put(Column.FIELD_TYPE, e.cardinality().many() ? "checkbox" : "dropdown");
            r.put(Column.CHOICES, choices(taxonomy, path));
        } else if (e.cardinality().many()) {
            ledger.approximate(path, "REDCap fields hold one value; the many-valued element is a notes field (one"
                    + " value per line).");
            r.put(Column.FIELD_TYPE, "notes");
        } else if (t instanceof DataType.Primitive p) {
            primitive(p, e, r, path);
        } else if (t instanceof DataType.TypeRef ref) {
            ledger.approximate(path, "A reference to '" + ref.typeName() + "' (another form) is a plain text field.");
        } else {
            ledger.approximate(path, "REDCap has no " + (t instanceof DataType.Union ? "union" : "map")
                    + " fields; written as a text field.");
        }
        return r;
    }

    private void primitive(DataType.Primitive p, ElementDef e, Map<Column, String> r, String path) {
        switch (p.kind()) {
            case INTEGER -> validated(r, "integer", e);
            case NUMBER, DECIMAL -> validated(r, "number", e);
            case DATE -> r.put(Column.VALIDATION, "date_ymd");
            case DATETIME -> r.put(Column.VALIDATION, "datetime_ymd");
            case TIME -> r.put(Column.VALIDATION, "time");
            case BOOLEAN -> r.put(Column.FIELD_TYPE, "yesno");
            case BINARY -> r.put(Column.FIELD_TYPE, "file");
            case STRING, URI, UUID, DURATION, ANY -> {
                if (e.constraints().format().filter("email"::equals).isPresent()) {
                    r.put(Column.VALIDATION, "email");
                }
                if (e.constraints().pattern().isPresent() || e.constraints().maxLength().isPresent()) {
                    ledger.relax(path, "REDCap text fields have no pattern or length checks; not written.");
                }
            }
        }
    }

    private static void validated(Map<Column, String> r, String validation, ElementDef e) {
        r.put(Column.VALIDATION, validation);
        e.constraints().minimum().ifPresent(v -> r.put(Column.VALIDATION_MIN, v.toPlainString()));
        e.constraints().maximum().ifPresent(v -> r.put(Column.VALIDATION_MAX, v.toPlainString()));
    }

    /** Minted numeric codes 1..n in term order; the term's label (or code) as the choice label. */
    private String choices(Optional<TaxonomyDef> taxonomy, String path) {
        if (taxonomy.isEmpty() || taxonomy.get().terms().isEmpty()) {
            ledger.drop(path, "The taxonomy has no terms; the dropdown is written with one placeholder choice.");
            return "1, (none)";
        }
        List<String> parts = new ArrayList<>();
        int code = 1;
        for (Term term : taxonomy.get().terms()) {
            parts.add(code++ + ", " + term.label().orElse(term.code()).replace("|", "/"));
        }
        return String.join(" | ", parts);
    }

    private String formName(String typeName) {
        String base = clean(typeName);
        String name = base;
        for (int n = 2; !forms.add(name); n++) {
            name = base + "_" + n;
        }
        if (!name.equals(typeName)) {
            ledger.approximate(typeName, "Form name '" + typeName + "' is not valid in REDCap; written as '" + name
                    + "'.");
        }
        return name;
    }

    private String variableName(String elementName, String path) {
        String base = clean(elementName);
        if (base.startsWith("redcap_")) {
            base = "f_" + base;
        }
        String name = base;
        for (int n = 2; !variables.add(name); n++) {
            name = base + "_" + n;
        }
        if (!name.equals(elementName)) {
            ledger.approximate(path, "Variable name '" + elementName + "' is not valid in REDCap; written as '" + name
                    + "'.");
        }
        return name;
    }

    /** Lowercase letters, digits and underscores, starting with a letter, at most 100 characters. */
    static String clean(String name) {
        String s = name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_]+", "_").replaceAll("_+", "_").replaceAll("^_|_$", "");
        if (s.isEmpty() || !Character.isLetter(s.charAt(0))) {
            s = "v_" + s;
        }
        return s.length() > MAX_NAME ? s.substring(0, MAX_NAME) : s;
    }

    private static Map<Column, String> row(String variable, String form, String type, String label) {
        Map<Column, String> r = new EnumMap<>(Column.class);
        r.put(Column.VARIABLE, variable);
        r.put(Column.FORM, form);
        r.put(Column.FIELD_TYPE, type);
        r.put(Column.FIELD_LABEL, label);
        return r;
    }

    static boolean isNumeric(PrimitiveKind k) {
        return k == PrimitiveKind.INTEGER || k == PrimitiveKind.NUMBER || k == PrimitiveKind.DECIMAL;
    }
}
