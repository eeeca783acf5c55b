package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.json.Json;
import io.modelgraph.transform.TransformCalls.Result;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sql codec through schema/import, schema/export and schema/map: vendor choice and bad DDL. */
class SqlRoutesTest {
    static final String DDL = """
            CREATE TABLE author (
              id INT PRIMARY KEY,
              name VARCHAR(80) NOT NULL
            );
            CREATE TABLE book (
              id INT PRIMARY KEY,
              title VARCHAR(200) NOT NULL,
              author_id INT REFERENCES author (id)
            );
            """;

    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());
    private final GraphStore graph = GraphStore.of(TransformCalls.services());

    private long types() {
        return graph.load(calls.projectId(), List.of()).nodes().stream()
                .filter(n -> n.nodeType() == NodeType.Type).count();
    }

    @Test
    void importedDdlExportsInTheChosenDialect() {
        Result r = calls.post("schema/import", Json.object().put("format", "sql").put("schema", DDL), "Admin");
        assertEquals(200, r.status(), r.toString());
        assertEquals(2, types());
        Result mysql = calls.post("schema/export", Json.object().put("format", "sql").put("vendor", "MariaDB"),
                "Viewer");
        assertTrue(mysql.success(), mysql.toString());
        String text = mysql.body().get("schema").asText();
        assertTrue(text.contains("for mysql"), text);
        assertTrue(text.contains("title varchar(200) NOT NULL"), text);
        Result tsql = calls.post("schema/export", Json.object().put("format", "sql").put("vendor", "mssql"),
                "Viewer");
        assertTrue(tsql.body().get("schema").asText().contains("name nvarchar(80) NOT NULL"), tsql.toString());
    }

    @Test
    void unknownVendorIsNamedWithTheList() {
        Result r = calls.post("schema/export", Json.object().put("format", "sql").put("vendor", "db2"), "Viewer");
        assertEquals(400, r.status(), r.toString());
        assertEquals("vendor", r.firstPath());
        assertTrue(r.firstMessage().startsWith("Unknown SQL vendor 'db2'. Use one of: postgres, mysql, sqlserver, "
                + "sqlite, oracle, snowflake, bigquery"), r.firstMessage());
        r = calls.post("schema/map", Json.object().put("sourceFormat", "sql").put("sourceSchema", DDL)
                .put("targetFormat", "sql").put("vendor", "sybase").put("useProjectAsTargetHint", true), "Viewer");
        assertEquals(400, r.status(), r.toString());
        assertEquals("vendor", r.firstPath());
    }

    @Test
    void malformedDdlIsALogicalErrorWithLineAndColumnAndWritesNothing() {
        String broken = "CREATE TABLE a (\n  id INT,\n  name VARCHAR(10\n);\n";
        Result r = calls.post("schema/import", Json.object().put("format", "sql").put("schema", broken), "Admin");
        assertEquals(400, r.status(), r.toString());
        assertFalse(r.success());
        assertEquals("line 4, column 2", r.firstPath(), r.toString());
        assertTrue(r.firstMessage().endsWith("the '(' opened at line 1, column 16: a ')' is missing."), r.toString());
        assertTrue(r.firstMessage().startsWith("Could not parse the 'sql' schema: "), r.firstMessage());
        assertEquals(0, types());
        r = calls.post("schema/map", Json.object().put("sourceFormat", "sql").put("sourceSchema", "CREATE TABLE (x int);")
                .put("targetFormat", "jsonschema").put("useProjectAsTargetHint", true), "Viewer");
        assertEquals(400, r.status(), r.toString());
        assertEquals("line 1, column 14", r.firstPath());
    }

    @Test
    void mapWritesTheTargetDialect() {
        Result r = calls.post("schema/map", Json.object().put("sourceFormat", "sql").put("sourceSchema", DDL)
                .put("targetFormat", "sql").put("vendor", "sqlite").put("targetHintFormat", "sql").put("targetHintSchema", DDL),
                "Viewer");
        assertTrue(r.success(), r.toString());
        assertTrue(r.body().get("schema").asText().contains("for sqlite"), r.toString());
    }
}
