package io.modelgraph.integrations.capture;

/** The dictionary cannot be read: {@code where} names the row and column ({@code row 4, column A}) or the file. */
public final class DictionaryException extends Exception {
    private final String where;

    public DictionaryException(String where, String message) {
        super(message, null, false, false);
        this.where = where;
    }

    public String where() {
        return where;
    }

    static String at(int row, Column column) {
        return "row " + row + ", column " + column.letter() + " (" + column.header() + ")";
    }
}
