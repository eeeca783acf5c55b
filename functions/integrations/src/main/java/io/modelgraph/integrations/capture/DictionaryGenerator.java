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
 * A governed model as an upload-ready REDCap data dictionary. A field the connector imported (its Element carries
 * {@code redcap.fieldType}) is written back as the live project has it: field type, choices with their codes,
 * calculation, slider labels, validation, min, max, identifier, branching logic, field note, section header,
 * alignment, question number, matrix group and ranking, action tags, and the form's descriptive fields where they
 * stood; the governed model wins where it says otherwise (type, required, range, codes), each such difference in the
 * ledger. Anything else follows the generate rule (docs/integrations.md "Generate, column by column"): one form per
 * Type, a record id field first, taxonomies as dropdowns (checkboxes where many values are allowed), required elements
 * {@code Required Field? = y}, integers, numbers and dates as validated text, Booleans as {@code yesno}, references
 * across forms as plain text. A term keeps its code when REDCap can store it; only a term without one gets a minted
 * code, ledgered. Names are made valid for REDCap; every rename and approximation is in the ledger. Column by column:
 * docs/integrations.md.
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
                .filter(t -> !t.elements().isEmpty() || t.annotations().containsKey(DictionaryModel.DESCRIPTIVE_FIELDS))
                .toList();
        // a form of descriptive fields alone is written with the others, never on its own
        if (eligible.stream().allMatch(t -> t.elements().isEmpty())) {
            return Optional.empty();
        }
        List<Map<Column, String>> rows = new ArrayList<>();
        Optional<ElementDef> recordId = importedRecordId(eligible.get(0));
        if (recordId.isEmpty()) {
            variables.add(RECORD_ID);
        }
        for (TypeDef type : eligible) {
            String form = formName(type);
            Map<String, List<Map<Column, String>>> descriptive = descriptiveFields(type, form);
            if (rows.isEmpty() && recordId.isPresent()) {
                // the live project's own order, even a descriptive field ahead of the record id
                rows.addAll(descriptive.getOrDefault("", List.of()));
                rows.add(field(type, form, recordId.get()));
            } else {
                if (rows.isEmpty()) {
                    rows.add(row(RECORD_ID, form, "text", "Record ID"));
                }
                rows.addAll(descriptive.getOrDefault("", List.of()));
            }
            for (ElementDef e : type.elements()) {
                if (recordId.map(id -> id == e).orElse(false) || recordId.isEmpty() && isRecordId(e, type)) {
                    rows.addAll(descriptive.getOrDefault(e.name(), List.of()));
                    continue;
                }
                rows.add(field(type, form, e));
                rows.addAll(descriptive.getOrDefault(e.name(), List.of()));
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

    /** The first Type's one-element primary key, when the connector imported it: the live project's record id. */
    private static Optional<ElementDef> importedRecordId(TypeDef first) {
        return first.primaryKey().filter(k -> k.elements().size() == 1)
                .flatMap(k -> first.element(k.elements().get(0)))
                .filter(e -> e.annotations().containsKey(DictionaryModel.FIELD_TYPE));
    }

    /** A form's descriptive fields by the variable they follow ({@code ""}: the start of the form). */
    private Map<String, List<Map<Column, String>>> descriptiveFields(TypeDef type, String form) {
        Map<String, List<Map<Column, String>>> out = new java.util.HashMap<>();
        String json = type.annotations().get(DictionaryModel.DESCRIPTIVE_FIELDS);
        if (json == null) {
            return out;
        }
        com.fasterxml.jackson.databind.JsonNode list;
        try {
            list = io.modelgraph.json.Json.parse(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            ledger.drop(type.name(), "The form's descriptive fields could not be read back; not written.");
            return out;
        }
        for (com.fasterxml.jackson.databind.JsonNode d : list) {
            Map<Column, String> r = new EnumMap<>(Column.class);
            d.path("cells").fields().forEachRemaining(c -> {
                for (Column col : Column.values()) {
                    if (col.name().equals(c.getKey())) {
                        r.put(col, c.getValue().asText());
                    }
                }
            });
            variables.add(r.getOrDefault(Column.VARIABLE, ""));
            r.put(Column.FORM, form);
            r.put(Column.FIELD_TYPE, "descriptive");
            out.computeIfAbsent(d.path("after").asText(""), k -> new ArrayList<>()).add(r);
        }
        return out;
    }

    private Map<Column, String> field(TypeDef type, String form, ElementDef e) {
        String path = type.name() + "." + e.name();
        String liveType = e.annotations().get(DictionaryModel.FIELD_TYPE);
        if (liveType != null) {
            // the live project's variable name, as it stores data under it, even one REDCap would refuse today
            variables.add(e.name());
            if (keepsLiveType(e, liveType)) {
                return imported(type, form, e.name(), e, liveType, path);
            }
            ledger.approximate(path, "The live project's field type '" + liveType + "' no longer fits the governed"
                    + " type; written from the governed model.");
        }
        String variable = liveType != null ? e.name() : variableName(e.name(), path);
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
            r.put(Column.CHOICES, choices(taxonomy, path, e.cardinality().many() ? "checkbox" : "dropdown"));
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

    /**
     * Each term with its own code when REDCap can store it (letters, digits, {@code _}, {@code .}, {@code -}; not
     * used before in the list); a term without such a code gets the smallest unused positive integer, ledgered.
     * The term's label (or code) is the choice label.
     */
    private String choices(Optional<TaxonomyDef> taxonomy, String path, String fieldType) {
        if (taxonomy.isEmpty() || taxonomy.get().terms().isEmpty()) {
            ledger.drop(path, "The taxonomy has no terms; the " + fieldType + " is written with one placeholder"
                    + " choice.");
            return "1, (none)";
        }
        Set<String> used = new HashSet<>();
        for (Term term : taxonomy.get().terms()) {
            if (DictionaryValidator.isCode(term.code())) {
                used.add(term.code());
            }
        }
        Set<String> kept = new HashSet<>();
        List<String> parts = new ArrayList<>();
        int next = 1;
        for (Term term : taxonomy.get().terms()) {
            String code = term.code();
            if (!DictionaryValidator.isCode(code) || !kept.add(code)) {
                while (used.contains(Integer.toString(next))) {
                    next++;
                }
                String minted = Integer.toString(next);
                used.add(minted);
                kept.add(minted);
                ledger.approximate(path, "Term '" + code + "' of taxonomy '" + taxonomy.get().name() + "' has no code"
                        + " REDCap can store (letters, digits, _, . and -, once per list); written with the minted"
                        + " code " + minted + ".");
                code = minted;
            }
            String label = term.label().orElse(term.code());
            if (label.contains("|")) {
                ledger.approximate(path, "The label of term '" + term.code() + "' holds '|', REDCap's choice"
                        + " separator; written with '/'.");
                label = label.replace("|", "/");
            }
            parts.add(code + ", " + label);
        }
        return String.join(" | ", parts);
    }

    /** The live field type still says what the governed type says: the same kind, or a choice list either way. */
    private boolean keepsLiveType(ElementDef e, String liveType) {
        Map<Column, String> cells = new EnumMap<>(Column.class);
        cells.put(Column.FIELD_TYPE, liveType);
        cells.put(Column.VALIDATION, e.annotations().getOrDefault(DictionaryModel.VALIDATION, ""));
        DictionaryField live = new DictionaryField(0, cells);
        DataType was = DictionaryModel.type(live);
        if (e.type() instanceof DataType.TaxonomyRef ref) {
            return live.hasChoiceList() && model.taxonomy(ref.taxonomyName()).isPresent()
                    && liveType.equals("checkbox") == e.cardinality().many();
        }
        return e.type() instanceof DataType.Primitive p && was instanceof DataType.Primitive q
                && p.kind() == q.kind() && !e.cardinality().many();
    }

    /** A field the connector imported, written as the live project has it, the governed model winning. */
    private Map<Column, String> imported(TypeDef type, String form, String variable, ElementDef e, String liveType,
            String path) {
        Map<Column, String> r = row(variable, form, liveType, e.description().orElse(""));
        DictionaryModel.VERBATIM.forEach((column, key) -> r.put(column, e.annotations().getOrDefault(key, "")));
        r.put(Column.IDENTIFIER, e.annotations().getOrDefault(DictionaryModel.IDENTIFIER, ""));
        if (e.cardinality().required()) {
            r.put(Column.REQUIRED, "y");
        }
        if (e.type() instanceof DataType.TaxonomyRef ref) {
            Optional<TaxonomyDef> taxonomy = model.taxonomy(ref.taxonomyName());
            // a live choice field without choices stays without (REDCap refuses it either way)
            r.put(Column.CHOICES, taxonomy.map(t -> t.terms().isEmpty()).orElse(false) ? ""
                    : choices(taxonomy, path, liveType));
        } else if (liveType.equals("calc")) {
            r.put(Column.CHOICES, e.annotations().getOrDefault(DictionaryModel.CALCULATION, ""));
        } else {
            r.put(Column.CHOICES, e.annotations().getOrDefault(DictionaryModel.CHOICES, ""));
        }
        bound(r, Column.VALIDATION_MIN, e.constraints().minimum(), path);
        bound(r, Column.VALIDATION_MAX, e.constraints().maximum(), path);
        return r;
    }

    /**
     * A numeric min or max is governed (the Element's range): the live cell is kept when it says the same number,
     * else the governed bound is written. A date or time bound has no place in the range and is kept as it is.
     */
    private void bound(Map<Column, String> r, Column column, Optional<java.math.BigDecimal> governed, String path) {
        String live = r.getOrDefault(column, "");
        boolean numeric = r.get(Column.FIELD_TYPE).equals("slider")
                || RedcapVocabulary.isNumber(r.getOrDefault(Column.VALIDATION, ""));
        if (!numeric) {
            return;
        }
        java.math.BigDecimal liveNumber = DictionaryModel.number(live);
        if (governed.isPresent() && (liveNumber == null || liveNumber.compareTo(governed.get()) != 0)) {
            r.put(column, governed.get().toPlainString());
        } else if (governed.isEmpty() && liveNumber != null) {
            ledger.relax(path, "The governed model has no " + (column == Column.VALIDATION_MIN ? "minimum" : "maximum")
                    + "; the live project's " + live + " is not written.");
            r.put(column, "");
        }
    }

    private String formName(TypeDef type) {
        String typeName = type.name();
        if (typeName.equals(type.annotations().get(DictionaryModel.FORM)) && forms.add(typeName)) {
            return typeName;
        }
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
