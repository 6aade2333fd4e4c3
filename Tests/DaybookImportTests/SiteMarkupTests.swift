import DaybookCore
import Testing
@testable import DaybookImport

/// Hugo shortcodes and Jekyll Liquid tags with a Markdown form, made Markdown.
struct SiteMarkupTests {
    @Test func hugoShortcodes() {
        let body = """
            {{< figure src="/images/bread.jpg" title="The third loaf" alt="A loaf" >}}
            Watch {{< youtube dQw4w9WgXcQ >}} and {{< youtube id="abc" >}}, {{% vimeo 42 %}}, {{< gist spf13 7896402 >}}.
            {{< highlight go "linenos=table" >}}
            fmt.Println("{{ not a shortcode }}")
            {{< /highlight >}}
            <!--more-->
            {{< notice info >}}Careful.{{< /notice >}}
            """
        let converted = SiteMarkup.converted(body, hugo: true, jekyll: false)
        #expect(converted == """
            ![A loaf](/images/bread.jpg)
            *The third loaf*
            Watch [YouTube video](https://www.youtube.com/watch?v=dQw4w9WgXcQ) and [YouTube video](https://www.youtube.com/watch?v=abc), [Vimeo video](https://vimeo.com/42), [Gist](https://gist.github.com/spf13/7896402).
            ```go
            fmt.Println("{{ not a shortcode }}")
            ```

            {{< notice info >}}Careful.{{< /notice >}}
            """)
        #expect(SiteMarkup.leftOver(converted, hugo: true, jekyll: false) == ["notice"])
    }

    /// Found by a Hugo and Jekyll user's audit: the summary divider was taken out of code too, and
    /// the paragraphs around it were joined; a highlight tag a fenced block shows was made a fence,
    /// which closed the block; a fence of four backticks ended at one of three inside it.
    @Test func codeIsLeftAsWritten() {
        let code = """
            ```html
            Intro.
            <!--more-->
            ```

                {{< youtube x >}}
                <!--more-->

            ````markdown
            ```
            {{< youtube y >}}
            ```
            {{< youtube z >}}
            ````
            """
        let highlight = "{{< highlight markdown >}}\nA fence:\n```\ninner\n```\n{{< /highlight >}}"
        let hugo = "More below.\n<!--more-->\nThe rest.\n\n" + code + "\n\n" + highlight
        #expect(SiteMarkup.converted(hugo, hugo: true, jekyll: false)
            == "More below.\n\nThe rest.\n\n" + code + "\n\n~~~~markdown\nA fence:\n```\ninner\n```\n~~~~")
        #expect(SiteMarkup.leftOver(hugo, hugo: true, jekyll: false) == ["highlight"])
        // Jekyll reads `{% raw %}` in code too, and shows what it holds as written.
        let jekyll = """
            ```liquid
            {% raw %}
            {% highlight ruby %}
            puts 1
            {% endhighlight %}
            {% endraw %}
            ```
            """
        #expect(SiteMarkup.converted(jekyll, hugo: false, jekyll: true) == """
            ```liquid

            {% highlight ruby %}
            puts 1
            {% endhighlight %}

            ```
            """)
        // A list item's own paragraph, indented, is not code.
        #expect(SiteMarkup.converted("- item\n\n    {{< youtube q >}}", hugo: true, jekyll: false)
            == "- item\n\n    [YouTube video](https://www.youtube.com/watch?v=q)")
    }

    /// Found by a Hugo user's audit: a shortcode over several lines was left as text, and a
    /// figure's `link` was dropped.
    @Test func aShortcodeOverSeveralLinesAndAFiguresLink() {
        let body = "{{< figure\n  src=\"/images/b.png\"\n  title=\"Multi-line\"\n  link=\"https://example.org/b\"\n>}}\n\n```\n{{< youtube\n  x >}}\n```"
        #expect(SiteMarkup.converted(body, hugo: true, jekyll: false)
            == "[![Multi-line](/images/b.png)](https://example.org/b)\n*Multi-line*\n\n```\n{{< youtube\n  x >}}\n```")
    }

    /// Hugo renders a figure's caption and credit as Markdown (an import audit found the caption's
    /// link written `(Ann)(https://…)` and its emphasis escaped); the alt text is their words.
    @Test func aFiguresCaptionIsMarkdown() {
        let body = #"{{< figure src="/images/heron.jpg" caption="A *grey* heron, photo by [Ann](https://ann.example)" attr="CC BY" attrlink="https://creativecommons.org/licenses/by/4.0/" >}}"#
        let converted = SiteMarkup.converted(body, hugo: true, jekyll: false)
        #expect(converted == "![A grey heron, photo by Ann CC BY](/images/heron.jpg)\n"
            + "*A *grey* heron, photo by [Ann](https://ann.example) [CC BY](https://creativecommons.org/licenses/by/4.0/)*")
        #expect(MarkdownRenderer().html(converted) == #"<p><img src="/images/heron.jpg" alt="A grey heron, photo by Ann CC BY" />"# + "\n"
            + #"<em>A <em>grey</em> heron, photo by <a href="https://ann.example">Ann</a> <a href="https://creativecommons.org/licenses/by/4.0/">CC BY</a></em></p>"# + "\n")
    }

    @Test func jekyllLiquid() {
        let body = """
            ![Hike]({{ "/assets/img/hike.jpg" | relative_url }})
            {% highlight ruby linenos %}
            def hello
              puts "{{ not liquid }}"
            end
            {% endhighlight %}
            {% raw %}{{ kept }}{% endraw %} and `{% include in_code.html %}`
            {% include note.html %} {{ site.title }}
            """
        let converted = SiteMarkup.converted(body, hugo: false, jekyll: true)
        #expect(converted == """
            ![Hike](/assets/img/hike.jpg)
            ```ruby
            def hello
              puts "{{ not liquid }}"
            end
            ```
            {{ kept }} and `{% include in_code.html %}`
            {% include note.html %} {{ site.title }}
            """)
        #expect(SiteMarkup.leftOver(converted, hugo: false, jekyll: true) == ["kept", "include", "site.title"])
    }

    /// An HTML image (which an entry's safe Markdown drops) is a Markdown image, in any note;
    /// one in code stays.
    @Test func htmlImagesBecomeMarkdownImages() {
        let body = "<img src=\"/images/heron.jpg\" alt=\"A [grey] heron\" width=\"300\"> and <IMG SRC='my pic.png'/>\n```\n<img src=\"x.png\">\n```"
        #expect(SiteMarkup.converted(body, hugo: false, jekyll: false)
            == "![A (grey) heron](/images/heron.jpg) and ![](<my pic.png>)\n```\n<img src=\"x.png\">\n```")
    }

    /// Found by a newcomer audit: Hugo's escaped shortcode, `{{</* figure */>}}`, which Hugo shows
    /// as `{{< figure >}}`, kept its comment marks. In a Hugo site it is the shortcode's text, in
    /// code too, and no shortcode to warn of; in a Zola site or a folder of notes it is as written.
    @Test func hugosEscapedShortcodesAreTheirText() throws {
        let post = """
            ---
            title: A
            date: 2024-01-01
            ---
            Write `{{</* figure src="x.png" */>}}` or {{%/* notice  warning */%}}, not {{< notice >}}.

            ```
            {{</* youtube abc */>}}
            ```
            """
        let hugo = try ImportFixtures.markdownBatch(["hugo.toml": "title = \"x\"\n", "content/posts/a.md": post])
        #expect(NoteAttachmentTests.body(hugo)
            == "Write `{{< figure src=\"x.png\" >}}` or {{% notice  warning %}}, not {{< notice >}}.\n\n```\n{{< youtube abc >}}\n```")
        #expect(hugo.warnings.map(\.message).filter { $0.contains("shortcodes") }.map { $0.split(separator: "/").last }
            == ["a.md:5:80: Hugo shortcodes left as text (Daybook has none): notice"])
        let zola = try ImportFixtures.markdownBatch(["config.toml": "base_url = \"https://example.org\"\n", "content/posts/a.md": post])
        #expect(NoteAttachmentTests.body(zola)?.hasPrefix("Write `{{</* figure src=\"x.png\" */>}}` or {{%/* notice  warning */%}}") == true)
    }
}
