import Testing
@testable import DaybookCore

/// Photos that an entry's body shows are not repeated in its gallery.
@Suite struct GalleryPhotosTests {
    @Test func photosShownInTheBodyAreLeftOut() {
        let body = #"<p><img src="../../photos/dayone/a.jpeg" alt="" /> and <img src="../../photos/my%20vault/%ED%95%9C.png" alt="" /></p>"#
        #expect(PagePresenter.galleryPhotos(["photos/dayone/a.jpeg", "photos/b.jpeg", "photos/my vault/한.png"], bodyHTML: body) == ["photos/b.jpeg"])
        #expect(PagePresenter.galleryPhotos(["photos/a.jpeg"], bodyHTML: "<p>photos/a.jpeg in words</p>") == ["photos/a.jpeg"])
        #expect(PagePresenter.galleryPhotos([], bodyHTML: body) == [])
    }
}
