package io.modelgraph.integrations.capture;

import java.util.EnumMap;
import java.util.Map;

/** One row of a data dictionary: its cells by column (blank when absent), and its 1-based row in the file. */
public record DictionaryField(int row, Map<Column, String> cells) {
    public DictionaryField {
        EnumMap<Column, String> copy = new EnumMap<>(Column.class);
        for (Column c : Column.values()) {
            copy.put(c, cells.getOrDefault(c, "").strip());
        }
        cells = java.util.Collections.unmodifiableMap(copy);
    }

    public String get(Column c) {
        return cells.get(c);
    }

    public String variable() {
        return get(Column.VARIABLE);
    }

    public String form() {
        return get(Column.FORM);
    }

    public String fieldType() {
        return get(Column.FIELD_TYPE);
    }

    public String validation() {
        return get(Column.VALIDATION);
    }

    public boolean identifier() {
        return get(Column.IDENTIFIER).equalsIgnoreCase("y");
    }

    public boolean required() {
        return get(Column.REQUIRED).equalsIgnoreCase("y");
    }

    /** A field whose choices cell is a choice list (radio, dropdown, checkbox). */
    public boolean hasChoiceList() {
        return switch (fieldType()) {
            case "radio", "dropdown", "checkbox" -> true;
            default -> false;
        };
    }
}
