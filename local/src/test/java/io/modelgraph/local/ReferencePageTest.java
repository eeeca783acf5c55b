package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The gateway's own pages over HTTP: the repository's openapi.yaml as it is, and the page's bundled assets. */
class ReferencePageTest {

    @Test
    void servesTheRepositorysOpenApiDocumentUnchanged() throws Exception {
        TestStack.Answer a = TestStack.get(ReferencePage.OPENAPI_PATH, null);
        assertEquals(200, a.status());
        assertTrue(a.contentType().startsWith("application/yaml"), a.contentType());
        assertEquals(Files.readString(TemplateTest.ROOT.resolve("openapi.yaml")), a.body());
    }

    @Test
    void servesThePageAndEveryAssetItLoadsWithoutACredential() {
        TestStack.Answer page = TestStack.get(ReferencePage.DOCS_PATH, null);
        assertEquals(200, page.status());
        assertTrue(page.contentType().startsWith("text/html"), page.contentType());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:src|href)=\"([^\"]+)\"").matcher(page.body());
        int assets = 0;
        while (m.find()) {
            String ref = m.group(1);
            assertTrue(ref.startsWith("/docs/"), "the page loads " + ref + " from elsewhere than this gateway");
            TestStack.Answer asset = TestStack.get(ref, null);
            assertEquals(200, asset.status(), ref);
            assertTrue(asset.body().length() > 100, ref + " is " + asset.body().length() + " chars");
            assets++;
        }
        assertEquals(3, assets, page.body());
    }

    @Test
    void onlyTheNamedPathsAndOnlyReadsAreServed() {
        assertEquals(404, TestStack.get("/docs/index.html", null).status());
        assertEquals(404, TestStack.get("/docs/../pom.xml", null).status());
        assertEquals(404, TestStack.send("POST", ReferencePage.OPENAPI_PATH, null, null, new byte[0]).status());
    }
}
