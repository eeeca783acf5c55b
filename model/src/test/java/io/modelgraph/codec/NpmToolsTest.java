package io.modelgraph.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** The reference-tool runner keeps its deadline while the tool is still running and writing nothing. */
@EnabledOnOs({OS.LINUX, OS.MAC})
class NpmToolsTest {

    @Test
    void aToolStillRunningAtItsDeadlineIsStoppedAndReported() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> NpmTools.run(Path.of("."), 1, "this test", "sh", "-c", "sleep 30"));
        assertTrue(e.getMessage().contains("did not finish in 1 s"), e.getMessage());
    }

    @Test
    void aToolThatFinishesGivesItsOutputAndExitStatus() throws Exception {
        NpmTools.Result r = NpmTools.run(Path.of("."), 30, "this test", "sh", "-c", "echo out; echo err >&2; exit 3");
        assertEquals(3, r.exit());
        assertEquals("out\n", r.out());
        assertEquals("err\n", r.err());
    }
}
