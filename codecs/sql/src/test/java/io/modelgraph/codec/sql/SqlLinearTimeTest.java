package io.modelgraph.codec.sql;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each pathological shape of DDL, doubled up to about the request size limit, costs linear time. */
class SqlLinearTimeTest {
    private final SqlCodec codec = new SqlCodec();

    private void decode(String ddl) throws Exception {
        codec.decode(ddl, new CodecOptions(Map.of("vendor", "postgres")), new LossinessLedger());
    }

    private static String table(int columns, String column) {
        StringBuilder b = new StringBuilder("CREATE TABLE t (\n");
        for (int i = 0; i < columns; i++) {
            b.append(i == 0 ? "" : ",\n").append(column.replace("#", Integer.toString(i)));
        }
        return b.append("\n);\n").toString();
    }

    @Test
    void manyColumnsInOneTable() {
        // 100,000 columns is about 1.2 MB
        LinearTime.assertLinear("SQL columns", 12_500, 3, n -> table(n, "c# INT"), this::decode);
    }

    @Test
    void manyColumnsInThePrimaryKeyAndChecks() {
        LinearTime.assertLinear("SQL key columns", 5_000, 3, n -> {
            StringBuilder b = new StringBuilder(table(n, "c# INT CHECK (c# > 0)"));
            b.setLength(b.length() - 4);
            b.append(",\nPRIMARY KEY (");
            for (int i = 0; i < n; i++) {
                b.append(i == 0 ? "" : ", ").append('c').append(i);
            }
            b.append(")");
            for (int i = 0; i < n; i++) {
                b.append(",\nCHECK (c").append(i).append(" < 10)");
            }
            return b.append("\n);\n").toString();
        }, this::decode);
    }

    @Test
    void manyAlterStatementsOnAWideTable() {
        LinearTime.assertLinear("SQL alters", 2_500, 3, n -> {
            StringBuilder b = new StringBuilder(table(n, "c# INT"));
            for (int i = 0; i < n; i++) {
                b.append("ALTER TABLE t ALTER COLUMN c").append(i).append(" SET NOT NULL;\n");
                b.append("ALTER TABLE t RENAME COLUMN c").append(i).append(" TO d").append(i).append(";\n");
            }
            for (int i = 0; i < n; i += 2) {
                b.append("ALTER TABLE t DROP COLUMN d").append(i).append(";\n");
            }
            return b.toString();
        }, this::decode);
    }

    /** Parentheses nested far past the reader's depth limit, and many checks each nested deep below it. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("SQL parentheses", 12_500, 3, n -> "CREATE TABLE t (c INT CHECK (" + "(".repeat(n)
                + "c > 0" + ")".repeat(n) + "));\n", this::decode);
        LinearTime.assertLinear("SQL nested checks", 250, 3, n -> table(n, "c# INT CHECK (" + "(".repeat(100)
                + "c# > 0" + ")".repeat(100) + ")"), this::decode);
    }
}
