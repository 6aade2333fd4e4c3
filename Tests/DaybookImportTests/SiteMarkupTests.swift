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
}
