package io.modelgraph.integrations.capture;

import io.modelgraph.integrations.capture.DictionaryCheck.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks REDCap applies when a data dictionary is uploaded, so a dictionary can be judged before it reaches
 * REDCap: the 18 columns in order; variable names (shape, uniqueness, length, reserved names); the record id
 * first; forms contiguous and lowercase; field and validation types; choice lists; min and max; the y-or-blank
 * columns; alignment; matrix groups; references in branching logic and calculations.
 */
public final class DictionaryValidator {
    private static final int LONG_NAME = 26;

    private DictionaryValidator() {
    }

    public static List<DictionaryCheck> validate(DataDictionary d) {
        return validate(d, new ChoiceLists(), VariableNames.of(d.fields()));
    }

    static List<DictionaryCheck> validate(DataDictionary d, ChoiceLists choiceLists, VariableNames variables) {
        List<DictionaryCheck> out = new ArrayList<>();
        if (d.headerStyle() == DataDictionary.HeaderStyle.LEGACY) {
            out.add(new DictionaryCheck(Severity.ERROR, 0, "", DictionaryCheck.UPLOAD_CHECK, "The header is not REDCap's 18 columns in order ("
                    + Column.VARIABLE.header() + " … " + Column.FIELD_ANNOTATION.header() + ")."
                    + (d.readerNotes().isEmpty() ? "" : " " + String.join(" ", d.readerNotes()))));
        }
        List<DictionaryField> fields = d.fields();
        UnknownReferences unknown = new UnknownReferences(variables.names());
        Set<String> forms = null;
        DictionaryField first = fields.get(0);
        if (!first.fieldType().equals("text")) {
            out.add(error(first, Column.FIELD_TYPE, "The first field ('" + first.variable() + "') is the record id"
                    + " and must be a text field."));
        }
        Set<String> closedForms = new HashSet<>();
        String currentForm = null;
        boolean formNamed = false;
        for (DictionaryField f : fields) {
            String v = f.variable();
            if (!isName(v)) {
                out.add(error(f, Column.VARIABLE, DictionaryCheck.INVALID_VARIABLE_NAME, "Variable name '" + v + "' must start with a lowercase letter and"
                        + " contain only lowercase letters, digits and underscores."));
            }
            if (variables.repeats(f)) {
                out.add(error(f, Column.VARIABLE, DictionaryCheck.DUPLICATE_VARIABLE, "Variable name '" + v
                        + "' is used more than once."));
            }
            if (v.length() > LONG_NAME) {
                out.add(warning(f, Column.VARIABLE, "Variable name '" + v + "' is longer than " + LONG_NAME
                        + " characters; REDCap advises against it (exports to other tools may truncate it)."));
            }
            if (v.endsWith("_complete") && forms == null) {
                // the forms are listed only when a name could be a form's completion status
                forms = new HashSet<>();
                for (DictionaryField g : fields) {
                    forms.add(g.form());
                }
            }
            if (v.startsWith("redcap_") || (v.endsWith("_complete") && forms.contains(v.substring(0,
                    v.length() - "_complete".length())))) {
                out.add(error(f, Column.VARIABLE, "Variable name '" + v + "' is reserved by REDCap."));
            }
            if (!f.form().equals(currentForm)) {
                if (closedForms.contains(f.form())) {
                    out.add(error(f, Column.FORM, "Form '" + f.form() + "' appears again after other forms; a"
                            + " form's fields must be contiguous."));
                }
                if (currentForm != null) {
                    closedForms.add(currentForm);
                }
                currentForm = f.form();
                formNamed = isName(currentForm);
            }
            if (!formNamed) {
                out.add(error(f, Column.FORM, "Form name '" + f.form() + "' must be lowercase letters, digits and"
                        + " underscores, starting with a letter."));
            }
            checkTypes(f, out);
            checkChoices(f, choiceLists, out);
            checkFlags(f, out);
            checkReferences(f, unknown, out);
            checkBounds(f, out);
        }
        checkMatrices(fields, choiceLists, out);
        return out;
    }

    private static void checkTypes(DictionaryField f, List<DictionaryCheck> out) {
        String type = f.fieldType();
        if (!RedcapVocabulary.FIELD_TYPES.contains(type)) {
            out.add(error(f, Column.FIELD_TYPE, "Field type '" + type + "' is not one of "
                    + String.join(", ", RedcapVocabulary.FIELD_TYPES.stream().sorted().toList()) + "."));
            return;
        }
        String validation = f.validation();
        if (!validation.isEmpty() && type.equals("text") && !RedcapVocabulary.VALIDATION_TYPES.contains(validation)) {
            out.add(error(f, Column.VALIDATION, "Validation type '" + validation + "' is not a REDCap text"
                    + " validation type."));
        }
        if (!validation.isEmpty() && type.equals("slider") && !validation.equals("number")) {
            out.add(error(f, Column.VALIDATION, "A slider's column H is 'number' (show the number) or blank."));
        }
        boolean bounded = !f.get(Column.VALIDATION_MIN).isEmpty() || !f.get(Column.VALIDATION_MAX).isEmpty();
        // sliders take their range from min and max too
        if (bounded && !type.equals("slider") && !(type.equals("text") && (RedcapVocabulary.isDate(validation)
                || RedcapVocabulary.isTime(validation) || RedcapVocabulary.isNumber(validation)))) {
            out.add(error(f, f.get(Column.VALIDATION_MIN).isEmpty() ? Column.VALIDATION_MAX : Column.VALIDATION_MIN,
                    "Min and max apply only to sliders and to text fields with a date, time or number"
                            + " validation."));
        }
        if (type.equals("calc") && f.get(Column.CHOICES).isEmpty()) {
            out.add(error(f, Column.CHOICES, "Calculated field '" + f.variable() + "' has no calculation."));
        }
    }

    private static void checkChoices(DictionaryField f, ChoiceLists choiceLists, List<DictionaryCheck> out) {
        if (!f.hasChoiceList()) {
            return;
        }
        Choices choices = choiceLists.of(f);
        if (choices.choices().isEmpty()) {
            out.add(error(f, Column.CHOICES, "Field '" + f.variable() + "' of type " + f.fieldType() + " has no"
                    + " choices."));
            return;
        }
        for (Choices.Choice c : choices.choices()) {
            if (!isCode(c.code())) {
                out.add(error(f, Column.CHOICES, "Choice code '" + c.code() + "' may contain only letters, digits"
                        + " and underscores."));
            }
        }
        choiceLists.duplicateCode(choices).ifPresent(code -> out.add(new DictionaryCheck(Severity.WARNING, f.row(),
                Column.CHOICES.letter(), DictionaryCheck.DUPLICATE_CHOICE_CODES, "Choice code '" + code
                        + "' is used more than once.")));
    }

    /** The y-or-blank columns. */
    private static final List<Column> FLAGS = List.of(Column.IDENTIFIER, Column.REQUIRED, Column.MATRIX_RANKING);

    private static void checkFlags(DictionaryField f, List<DictionaryCheck> out) {
        for (Column c : FLAGS) {
            String v = f.get(c);
            if (!v.isEmpty() && !v.equals("y")) {
                out.add(error(f, c, "'" + c.header() + "' is 'y' or blank, not '" + v + "'."));
            }
        }
        String alignment = f.get(Column.ALIGNMENT);
        if (!alignment.isEmpty() && !RedcapVocabulary.ALIGNMENTS.contains(alignment)) {
            out.add(error(f, Column.ALIGNMENT, "Custom alignment is LV, LH, RV or RH, not '" + alignment + "'."));
        }
    }

    /** Columns where REDCap pipes {@code [field]} into the text shown (labels, notes, headers, action tags). */
    private static final List<Column> PIPED = List.of(Column.FIELD_LABEL, Column.FIELD_NOTE, Column.SECTION_HEADER,
            Column.FIELD_ANNOTATION);

    private static void checkReferences(DictionaryField f, UnknownReferences unknown, List<DictionaryCheck> out) {
        checkReferencesIn(f, Column.BRANCHING_LOGIC, unknown, Severity.ERROR, DictionaryCheck.LOGIC_UNKNOWN_VARIABLE,
                "Branching logic", out);
        if (f.fieldType().equals("calc")) {
            checkReferencesIn(f, Column.CHOICES, unknown, Severity.ERROR, DictionaryCheck.CALC_UNKNOWN_VARIABLE,
                    "The calculation", out);
        } else if (f.hasChoiceList()) {
            checkReferencesIn(f, Column.CHOICES, unknown, Severity.WARNING, DictionaryCheck.PIPING_UNKNOWN_VARIABLE,
                    "A piped choice label", out);
        }
        for (Column c : PIPED) {
            checkReferencesIn(f, c, unknown, Severity.WARNING, DictionaryCheck.PIPING_UNKNOWN_VARIABLE, null, out);
        }
    }

    private static void checkReferencesIn(DictionaryField f, Column column, UnknownReferences unknown,
            Severity severity, String code, String what, List<DictionaryCheck> out) {
        for (String ref : unknown.in(f.get(column))) {
            // the message is built only when reported: the check runs on up to six cells of every field
            out.add(new DictionaryCheck(severity, f.row(), column.letter(), code, (what == null ? "Piping in "
                    + column.header() : what) + " of '" + f.variable() + "' names [" + ref + "], which is no field"
                    + " of this dictionary."));
        }
    }

    /**
     * Min above max (numbers compared as numbers, dates and times as the dictionary writes them), and a date or
     * date-time bound that is not {@code today}, {@code now}, a piped {@code [field]} or a date in the format the
     * dictionary stores bounds in whatever the display order: {@code YYYY-MM-DD}, then {@code HH:MM} for
     * date-times, {@code HH:MM:SS} with seconds.
     */
    private static void checkBounds(DictionaryField f, List<DictionaryCheck> out) {
        String min = f.get(Column.VALIDATION_MIN);
        String max = f.get(Column.VALIDATION_MAX);
        String validation = f.validation();
        boolean dated = f.fieldType().equals("text") && (validation.startsWith("date"));
        if (dated) {
            for (Column c : List.of(Column.VALIDATION_MIN, Column.VALIDATION_MAX)) {
                String bound = f.get(c);
                if (!bound.isEmpty() && !dateBound(bound, validation)) {
                    out.add(new DictionaryCheck(Severity.WARNING, f.row(), c.letter(),
                            DictionaryCheck.DATE_BOUND_FORMAT, (c == Column.VALIDATION_MIN ? "Min" : "Max") + " '"
                                    + bound + "' of '" + f.variable() + "' (" + validation + ") is not "
                                    + dateShape(validation) + ", today, now or a piped [field]."));
                }
            }
        }
        if (min.isEmpty() || max.isEmpty()) {
            return;
        }
        boolean above = false;
        if (f.fieldType().equals("slider") || f.fieldType().equals("text") && RedcapVocabulary.isNumber(validation)) {
            java.math.BigDecimal a = DictionaryModel.number(min.replace(',', '.'));
            java.math.BigDecimal b = DictionaryModel.number(max.replace(',', '.'));
            above = a != null && b != null && a.compareTo(b) > 0;
        } else if (dated && dateBound(min, validation) && dateBound(max, validation) && min.charAt(0) != '['
                && max.charAt(0) != '[' && Character.isDigit(min.charAt(0)) && Character.isDigit(max.charAt(0))
                || f.fieldType().equals("text") && RedcapVocabulary.isTime(validation)) {
            above = min.length() == max.length() && min.compareTo(max) > 0;
        }
        if (above) {
            out.add(new DictionaryCheck(Severity.ERROR, f.row(), Column.VALIDATION_MIN.letter(),
                    DictionaryCheck.MIN_GREATER_THAN_MAX, "Min " + min + " of '" + f.variable() + "' is greater than"
                            + " its max " + max + "; no value can be valid."));
        }
    }

    private static String dateShape(String validation) {
        return validation.startsWith("datetime_seconds") ? "YYYY-MM-DD HH:MM:SS"
                : validation.startsWith("datetime") ? "YYYY-MM-DD HH:MM" : "YYYY-MM-DD";
    }

    /** A date bound as the dictionary stores it: checked by shape, then as a calendar date and a clock time. */
    static boolean dateBound(String bound, String validation) {
        if (bound.equals("today") || bound.equals("now") || bound.startsWith("[") && bound.endsWith("]")) {
            return true;
        }
        String shape = dateShape(validation);
        if (bound.length() != shape.length()) {
            return false;
        }
        for (int i = 0; i < shape.length(); i++) {
            char s = shape.charAt(i);
            char c = bound.charAt(i);
            if (Character.isLetter(s) ? c < '0' || c > '9' : c != s) {
                return false;
            }
        }
        try {
            java.time.LocalDate.parse(bound.substring(0, 10));
            if (bound.length() > 10) {
                java.time.LocalTime.parse(bound.substring(11));
            }
            return true;
        } catch (java.time.DateTimeException e) {
            return false;
        }
    }

    /**
     * The field a {@code [field]}, {@code [field(code)]} or {@code [field:modifier]} reference at {@code at} names,
     * or null when what starts there is not such a reference (a smart variable such as {@code [event-name]}).
     * Scanned by hand: branching logic of large dictionaries holds thousands of references.
     */
    static String referenceAt(String cell, int at) {
        int i = at + 1;
        int n = cell.length();
        if (i >= n || cell.charAt(i) < 'a' || cell.charAt(i) > 'z') {
            return null;
        }
        int start = i;
        while (i < n && (Character.isLowerCase(cell.charAt(i)) && cell.charAt(i) < 128 || Character.isDigit(
                cell.charAt(i)) || cell.charAt(i) == '_')) {
            i++;
        }
        int end = i;
        if (i < n && cell.charAt(i) == '(') {
            i = cell.indexOf(')', i);
            if (i < 0) {
                return null;
            }
            i++;
        }
        if (i < n && cell.charAt(i) == ':') {
            i++;
            while (i < n && (Character.isLowerCase(cell.charAt(i)) || cell.charAt(i) == '-')) {
                i++;
            }
        }
        return i < n && cell.charAt(i) == ']' ? cell.substring(start, end) : null;
    }

    /** A matrix group's fields in order and the index of the last one seen. */
    private static final class MatrixGroup {
        final List<DictionaryField> fields = new ArrayList<>();
        int last;
    }

    private static void checkMatrices(List<DictionaryField> fields, ChoiceLists choiceLists,
            List<DictionaryCheck> out) {
        Map<String, MatrixGroup> groups = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            DictionaryField f = fields.get(i);
            String name = f.get(Column.MATRIX_GROUP);
            if (name.isEmpty()) {
                continue;
            }
            MatrixGroup group = groups.get(name);
            if (group == null) {
                group = new MatrixGroup();
                groups.put(name, group);
            } else if (group.last != i - 1) {
                out.add(error(f, Column.MATRIX_GROUP, "Matrix group '" + name + "' is not contiguous."));
            }
            group.last = i;
            group.fields.add(f);
        }
        for (Map.Entry<String, MatrixGroup> g : groups.entrySet()) {
            List<DictionaryField> members = g.getValue().fields;
            DictionaryField head = members.get(0);
            Choices headChoices = choiceLists.of(head);
            for (DictionaryField f : members) {
                if (!f.form().equals(head.form())) {
                    out.add(error(f, Column.MATRIX_GROUP, "Matrix group '" + g.getKey() + "' spans forms '"
                            + head.form() + "' and '" + f.form() + "'."));
                }
                if (!(f.fieldType().equals("radio") || f.fieldType().equals("checkbox"))
                        || !f.fieldType().equals(head.fieldType())) {
                    out.add(error(f, Column.FIELD_TYPE, "Matrix group '" + g.getKey() + "' must be all radio or all"
                            + " checkbox fields."));
                }
                if (f != head && !choiceLists.of(f).equals(headChoices)) {
                    out.add(error(f, Column.CHOICES, "Matrix group '" + g.getKey() + "' needs the same choices on"
                            + " every field."));
                }
            }
        }
    }

    /** {@code ^[a-z][a-z0-9_]*$}, without a regex: the validator runs over every field of large dictionaries. */
    static boolean isName(String s) {
        if (s.isEmpty() || s.charAt(0) < 'a' || s.charAt(0) > 'z') {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
                return false;
            }
        }
        return true;
    }

    /** Choice codes: letters, digits, {@code _}, {@code .} and {@code -}. */
    static boolean isCode(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '.' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static DictionaryCheck error(DictionaryField f, Column c, String code, String message) {
        return new DictionaryCheck(Severity.ERROR, f.row(), c.letter(), code, message);
    }

    private static DictionaryCheck error(DictionaryField f, Column c, String message) {
        return new DictionaryCheck(Severity.ERROR, f.row(), c.letter(), DictionaryCheck.UPLOAD_CHECK, message);
    }

    private static DictionaryCheck warning(DictionaryField f, Column c, String message) {
        return new DictionaryCheck(Severity.WARNING, f.row(), c.letter(), DictionaryCheck.UPLOAD_CHECK, message);
    }
}
