package io.modelgraph.integrations.capture;

/**
 * One finding of {@link DictionaryValidator}: what REDCap would refuse (ERROR) or flag (WARNING) on upload.
 * {@code code} is the lint rule's own code (a reused choice code, an invalid or duplicate variable name, a reference
 * to no field, min above max, a date bound not in the dictionary's date format) and {@code upload-check} for the rest.
 */
public record DictionaryCheck(Severity severity, int row, String column, String code, String message) {
    public static final String UPLOAD_CHECK = "upload-check";
    public static final String DUPLICATE_CHOICE_CODES = "duplicate-choice-codes";
    public static final String INVALID_VARIABLE_NAME = "invalid-variable-name";
    public static final String DUPLICATE_VARIABLE = "duplicate-variable";
    public static final String LOGIC_UNKNOWN_VARIABLE = "logic-unknown-variable";
    public static final String CALC_UNKNOWN_VARIABLE = "calc-unknown-variable";
    public static final String PIPING_UNKNOWN_VARIABLE = "piping-unknown-variable";
    public static final String MIN_GREATER_THAN_MAX = "min-greater-than-max";
    public static final String DATE_BOUND_FORMAT = "date-bound-format";

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
