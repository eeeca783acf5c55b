package io.modelgraph.integrations.capture;

/**
 * One finding of {@link DictionaryValidator}: what REDCap would refuse (ERROR) or flag (WARNING) on upload.
 * {@code code} is {@code duplicate-choice-codes} for a choice list that reuses a code (the audit's own code for it)
 * and {@code upload-check} for everything else.
 */
public record DictionaryCheck(Severity severity, int row, String column, String code, String message) {
    public static final String UPLOAD_CHECK = "upload-check";
    public static final String DUPLICATE_CHOICE_CODES = "duplicate-choice-codes";

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
