package io.modelgraph.integrations.capture;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a REDCap data dictionary CSV: the 18-column header in today's, older or the API's spelling, a UTF-8 byte
 * order mark, Windows-1252 files (detected: bytes that are not valid UTF-8 are read as cp1252, never mangled into
 * replacement characters), CR, LF or CRLF line ends and quoted multi-line cells. Wholly blank rows are skipped. A
 * dictionary it cannot read safely (a missing column, an empty variable name, a ragged row) is refused with the
 * row and column.
 */
public final class DictionaryReader {
    /** Larger than REDCap's largest real dictionaries by far, and under the request body cap. */
    public static final int MAX_BYTES = 6 * 1024 * 1024;
    public static final int MAX_FIELDS = 100_000;
    private static final Charset CP1252 = Charset.forName("windows-1252");
    private static final List<Column> NEEDED = List.of(Column.VARIABLE, Column.FORM, Column.FIELD_TYPE,
            Column.FIELD_LABEL);
    private static final CSVFormat CSV = CSVFormat.RFC4180.builder().setIgnoreEmptyLines(true)
            // REDCap reads stray quotes inside a quoted cell (real exports have them, such as HTML labels) as text
            .setTrailingData(true).build();

    private DictionaryReader() {
    }

    public static DataDictionary read(String text) throws DictionaryException {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    public static DataDictionary read(byte[] bytes) throws DictionaryException {
        if (bytes.length > MAX_BYTES) {
            throw new DictionaryException("file", "The dictionary has " + bytes.length + " bytes; the limit is "
                    + MAX_BYTES + ".");
        }
        List<String> notes = new ArrayList<>();
        int start = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF) {
            start = 3;
        }
        String charset = "UTF-8";
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, start, bytes.length - start)).toString();
        } catch (CharacterCodingException e) {
            charset = "windows-1252";
            text = new String(bytes, start, bytes.length - start, CP1252);
            notes.add("The file is not UTF-8; it was read as Windows-1252 (cp1252).");
        }
        if (text.isBlank()) {
            throw new DictionaryException("file", "The dictionary is empty: expected REDCap's 18-column header and"
                    + " one row per field.");
        }
        List<CSVRecord> records;
        try (CSVParser parser = CSV.parse(new StringReader(text))) {
            records = parser.getRecords();
        } catch (IOException | UncheckedIOException e) {
            throw new DictionaryException("file", "The dictionary is not valid CSV: " + rootMessage(e));
        }
        Header header = header(records.get(0), notes);
        List<DictionaryField> fields = new ArrayList<>();
        for (int i = 1; i < records.size(); i++) {
            CSVRecord r = records.get(i);
            int row = i + 1;
            if (isBlank(r)) {
                continue;
            }
            if (r.size() != header.width()) {
                throw new DictionaryException("row " + row, "Row " + row + " has " + r.size() + " cells; the header"
                        + " has " + header.width() + ". Quote cells that contain commas or line breaks.");
            }
            Map<Column, String> cells = new EnumMap<>(Column.class);
            for (int c = 0; c < r.size(); c++) {
                Column column = header.columns().get(c);
                String value = r.get(c);
                if (header.style() == DataDictionary.HeaderStyle.API && value.equals("NA")) {
                    value = "";
                }
                cells.put(column, value);
            }
            DictionaryField field = new DictionaryField(row, cells);
            if (field.variable().isEmpty()) {
                throw new DictionaryException(DictionaryException.at(row, Column.VARIABLE), "Row " + row
                        + " has no variable name.");
            }
            if (field.form().isEmpty()) {
                throw new DictionaryException(DictionaryException.at(row, Column.FORM), "Field '" + field.variable()
                        + "' has no form name.");
            }
            if (fields.size() >= MAX_FIELDS) {
                throw new DictionaryException("row " + row, "More than " + MAX_FIELDS + " fields.");
            }
            fields.add(field);
        }
        if (fields.isEmpty()) {
            throw new DictionaryException("row 2", "The dictionary has a header but no fields.");
        }
        return new DataDictionary(fields, header.style(), charset, notes, sha256(bytes));
    }

    private record Header(List<Column> columns, DataDictionary.HeaderStyle style) {
        int width() {
            return columns.size();
        }
    }

    private static Header header(CSVRecord first, List<String> notes) throws DictionaryException {
        List<Column> columns = new ArrayList<>();
        boolean standard = first.size() == Column.values().length;
        boolean api = standard;
        for (int c = 0; c < first.size(); c++) {
            String cell = first.get(c).strip();
            Optional<Column> match = Column.match(cell);
            if (match.isEmpty() && c == 0 && first.size() > 1 && Column.match(first.get(1)).equals(
                    Optional.of(Column.FORM))) {
                // A real-world defect (RareLink's CDM): the first header cell overwritten; its position says it all.
                match = Optional.of(Column.VARIABLE);
                notes.add("Header cell A1 reads '" + cell + "'; read as '" + Column.VARIABLE.header() + "' by its"
                        + " position.");
                standard = false;
                api = false;
            }
            if (match.isEmpty()) {
                throw new DictionaryException("row 1, column " + letter(c), "Header cell '" + cell + "' is not a"
                        + " REDCap data dictionary column. Expected: " + Column.VARIABLE.header() + ", "
                        + Column.FORM.header() + ", … " + Column.FIELD_ANNOTATION.header() + ".");
            }
            if (columns.contains(match.get())) {
                throw new DictionaryException("row 1, column " + letter(c), "Header cell '" + cell + "' repeats the"
                        + " column '" + match.get().header() + "'.");
            }
            columns.add(match.get());
            standard &= c < Column.values().length && Column.values()[c] == match.get()
                    && Column.values()[c].header().equals(cell);
            api &= c < Column.values().length && Column.values()[c].apiHeader().equals(cell);
        }
        for (Column needed : NEEDED) {
            if (!columns.contains(needed)) {
                throw new DictionaryException("row 1", "The header has no '" + needed.header() + "' column.");
            }
        }
        DataDictionary.HeaderStyle style = standard ? DataDictionary.HeaderStyle.STANDARD
                : api ? DataDictionary.HeaderStyle.API : DataDictionary.HeaderStyle.LEGACY;
        return new Header(columns, style);
    }

    private static boolean isBlank(CSVRecord r) {
        for (String cell : r) {
            if (!cell.isBlank()) {
                return false;
            }
        }
        return true;
    }

    private static String letter(int index) {
        return index < 26 ? String.valueOf((char) ('A' + index)) : "#" + (index + 1);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }
}
