package io.modelgraph.integrations.capture;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One row of a data dictionary: its cells by column (blank when absent, stripped), and its 1-based row in the file.
 * An immutable value. The cells sit in an array by column order rather than a map: the audit reads several cells of
 * every field of dictionaries with thousands of fields, and an array index is the cheapest read there is.
 */
public final class DictionaryField {
    private static final Column[] COLUMNS = Column.values();

    private final int row;
    private final String[] cells;

    public DictionaryField(int row, Map<Column, String> cells) {
        this.row = row;
        this.cells = new String[COLUMNS.length];
        for (Column c : COLUMNS) {
            this.cells[c.ordinal()] = cells.getOrDefault(c, "").strip();
        }
    }

    public int row() {
        return row;
    }

    /** Every column's cell, blank ones included, in column order. */
    public Map<Column, String> cells() {
        Map<Column, String> out = new EnumMap<>(Column.class);
        for (Column c : COLUMNS) {
            out.put(c, cells[c.ordinal()]);
        }
        return Collections.unmodifiableMap(out);
    }

    public String get(Column c) {
        return cells[c.ordinal()];
    }

    public String variable() {
        return cells[Column.VARIABLE.ordinal()];
    }

    public String form() {
        return cells[Column.FORM.ordinal()];
    }

    public String fieldType() {
        return cells[Column.FIELD_TYPE.ordinal()];
    }

    public String validation() {
        return cells[Column.VALIDATION.ordinal()];
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

    @Override
    public boolean equals(Object o) {
        return o instanceof DictionaryField other && row == other.row && Arrays.equals(cells, other.cells);
    }

    @Override
    public int hashCode() {
        return 31 * row + Arrays.hashCode(cells);
    }

    @Override
    public String toString() {
        return "DictionaryField[row=" + row + ", cells=" + cells() + "]";
    }
}
