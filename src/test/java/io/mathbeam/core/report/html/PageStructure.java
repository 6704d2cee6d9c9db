package io.mathbeam.core.report.html;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;

/**
 * Test view of a rendered page: the renderer writes XHTML-compatible markup, so with the script
 * bodies blanked the page must parse as XML, which checks that tags balance and attributes quote.
 */
final class PageStructure {
  private static final Pattern SCRIPT =
      Pattern.compile("(<script[^>]*>)(.*?)(</script>)", Pattern.DOTALL);

  private PageStructure() {}

  /** Parses the page (script bodies removed) as XML; throws when it is not well-formed. */
  static Document parse(String page) throws Exception {
    String xml = SCRIPT.matcher(page).replaceAll("$1$3");
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    f.setExpandEntityReferences(false);
    DocumentBuilder b = f.newDocumentBuilder();
    b.setErrorHandler(null);
    return b.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  /** The text bodies of all {@code <script>} elements, in order. */
  static List<String> scripts(String page) {
    List<String> bodies = new ArrayList<>();
    Matcher m = SCRIPT.matcher(page);
    while (m.find()) {
      bodies.add(m.group(2));
    }
    return bodies;
  }

  static int count(String haystack, String needle) {
    int n = 0;
    for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
