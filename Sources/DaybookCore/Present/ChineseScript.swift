/// Whether Chinese text is written in Traditional or Simplified characters, told by the common
/// characters that differ between the two (們 and 们, 這 and 这, 說 and 说): a page says which
/// (`lang="zh-Hant"`), so that a browser draws the characters in that script's forms and a
/// screen reader picks its voice. Characters both write alike (北京, 今天, 下雨) tell nothing.
enum ChineseScript {
    /// `zh-Hant` when more of `texts`' characters are Traditional-only than Simplified-only,
    /// `zh-Hans` when fewer, `zh` when as many (none, most often: a short text of shared characters).
    static func tag(of texts: [Substring]) -> String {
        var traditional = 0, simplified = 0
        for text in texts {
            for scalar in text.unicodeScalars {
                if traditionalOnly.contains(scalar) { traditional += 1 } else if simplifiedOnly.contains(scalar) { simplified += 1 }
            }
        }
        return traditional > simplified ? "zh-Hant" : simplified > traditional ? "zh-Hans" : "zh"
    }

    /// Frequent characters written only in Traditional Chinese (Taiwan, Hong Kong), in the order
    /// of their Simplified forms in ``simplifiedOnly``, but for 後, 裡 and 臺, whose Simplified
    /// forms (后, 里, 台) Traditional writing has too.
    static let traditionalOnly = Set("這們個來說時會國為對學過還點樣長問書車東開關見現發經電話語讀寫聽買賣門間無當與從氣愛歡樂頭體實應題處區醫歲麼嗎沒讓給邊認識錢飯館熱觀遠進媽鳥魚馬風飛後裡臺灣華幾總機場網雲筆記憶".unicodeScalars)

    /// The same characters as Simplified Chinese (mainland China, Singapore) writes them.
    static let simplifiedOnly = Set("这们个来说时会国为对学过还点样长问书车东开关见现发经电话语读写听买卖门间无当与从气爱欢乐头体实应题处区医岁么吗没让给边认识钱饭馆热观远进妈鸟鱼马风飞湾华几总机场网云笔记忆".unicodeScalars)
}
