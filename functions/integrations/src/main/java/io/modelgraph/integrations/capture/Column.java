package io.modelgraph.integrations.capture;

import java.util.Locale;
import java.util.Optional;

/**
 * The 18 columns of a REDCap data dictionary, in REDCap's order, with the header REDCap writes today and the
 * API's ({@code field_name} style). Older exports spell some headers differently; {@link #match} reads them all
 * by the words that never changed.
 */
public enum Column {
    VARIABLE("Variable / Field Name", "field_name"),
    FORM("Form Name", "form_name"),
    SECTION_HEADER("Section Header", "section_header"),
    FIELD_TYPE("Field Type", "field_type"),
    FIELD_LABEL("Field Label", "field_label"),
    CHOICES("Choices, Calculations, OR Slider Labels", "select_choices_or_calculations"),
    FIELD_NOTE("Field Note", "field_note"),
    VALIDATION("Text Validation Type OR Show Slider Number", "text_validation_type_or_show_slider_number"),
    VALIDATION_MIN("Text Validation Min", "text_validation_min"),
    VALIDATION_MAX("Text Validation Max", "text_validation_max"),
    IDENTIFIER("Identifier?", "identifier"),
    BRANCHING_LOGIC("Branching Logic (Show field only if...)", "branching_logic"),
    REQUIRED("Required Field?", "required_field"),
    ALIGNMENT("Custom Alignment", "custom_alignment"),
    QUESTION_NUMBER("Question Number (surveys only)", "question_number"),
    MATRIX_GROUP("Matrix Group Name", "matrix_group_name"),
    MATRIX_RANKING("Matrix Ranking?", "matrix_ranking"),
    FIELD_ANNOTATION("Field Annotation", "field_annotation");

    private final String header;
    private final String apiHeader;

    Column(String header, String apiHeader) {
        this.header = header;
        this.apiHeader = apiHeader;
    }

    public String header() {
        return header;
    }

    public String apiHeader() {
        return apiHeader;
    }

    /** The spreadsheet letter of the column (A to R), for messages. */
    public String letter() {
        return String.valueOf((char) ('A' + ordinal()));
    }

    /** The column a header cell names, in any spelling REDCap has used, or empty. */
    public static Optional<Column> match(String headerCell) {
        String k = headerCell.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        if (k.startsWith("variable") || k.equals("fieldname")) {
            return Optional.of(VARIABLE);
        }
        if (k.startsWith("formname")) {
            return Optional.of(FORM);
        }
        if (k.startsWith("sectionheader")) {
            return Optional.of(SECTION_HEADER);
        }
        if (k.startsWith("fieldtype")) {
            return Optional.of(FIELD_TYPE);
        }
        if (k.startsWith("fieldlabel")) {
            return Optional.of(FIELD_LABEL);
        }
        if (k.contains("choices")) {
            return Optional.of(CHOICES);
        }
        if (k.startsWith("fieldnote")) {
            return Optional.of(FIELD_NOTE);
        }
        if (k.startsWith("textvalidationmin")) {
            return Optional.of(VALIDATION_MIN);
        }
        if (k.startsWith("textvalidationmax")) {
            return Optional.of(VALIDATION_MAX);
        }
        if (k.startsWith("textvalidation")) {
            return Optional.of(VALIDATION);
        }
        if (k.startsWith("identifier")) {
            return Optional.of(IDENTIFIER);
        }
        if (k.startsWith("branchinglogic")) {
            return Optional.of(BRANCHING_LOGIC);
        }
        if (k.startsWith("requiredfield")) {
            return Optional.of(REQUIRED);
        }
        if (k.startsWith("customalignment")) {
            return Optional.of(ALIGNMENT);
        }
        if (k.startsWith("questionnumber")) {
            return Optional.of(QUESTION_NUMBER);
        }
        if (k.startsWith("matrixgroup")) {
            return Optional.of(MATRIX_GROUP);
        }
        if (k.startsWith("matrixranking")) {
            return Optional.of(MATRIX_RANKING);
        }
        if (k.startsWith("fieldannotation")) {
            return Optional.of(FIELD_ANNOTATION);
        }
        return Optional.empty();
    }
}
