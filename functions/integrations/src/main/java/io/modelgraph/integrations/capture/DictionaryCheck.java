package io.modelgraph.integrations.capture;

/** One finding of {@link DictionaryValidator}: what REDCap would refuse (ERROR) or flag (WARNING) on upload. */
public record DictionaryCheck(Severity severity, int row, String column, String message) {
    public enum Severity {
        ERROR, WARNING
    }

    public String where() {
        return row <= 0 ? "header" : "row " + row + (column.isEmpty() ? "" : ", column " + column);
    }

    @Override
    public String toString() {
        return severity + " " + where() + ": " + message;
    }
}
