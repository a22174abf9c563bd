/// Short public-domain quotes (every author died long ago) for the `quote` random source.
enum Quotes {
    /// A quote and who said or wrote it.
    struct Quote: Sendable {
        /// The words.
        let text: String
        /// The author.
        let author: String
    }

    /// The bundled quotes (at least 50), written out by us from the public-domain originals.
    static let all: [Quote] = [
        Quote(text: "To be, or not to be: that is the question.", author: "William Shakespeare"),
        Quote(text: "All the world's a stage.", author: "William Shakespeare"),
        Quote(text: "Brevity is the soul of wit.", author: "William Shakespeare"),
        Quote(text: "The course of true love never did run smooth.", author: "William Shakespeare"),
        Quote(text: "We know what we are, but know not what we may be.", author: "William Shakespeare"),
        Quote(text: "Though she be but little, she is fierce.", author: "William Shakespeare"),
        Quote(text: "Hell is empty and all the devils are here.", author: "William Shakespeare"),
        Quote(text: "Courage is resistance to fear, mastery of fear, not absence of fear.", author: "Mark Twain"),
        Quote(text: "The report of my death was an exaggeration.", author: "Mark Twain"),
        Quote(text: "Well done is better than well said.", author: "Benjamin Franklin"),
        Quote(text: "Lost time is never found again.", author: "Benjamin Franklin"),
        Quote(text: "Energy and persistence conquer all things.", author: "Benjamin Franklin"),
        Quote(text: "He that can have patience can have what he will.", author: "Benjamin Franklin"),
        Quote(text: "Early to bed and early to rise makes a man healthy, wealthy, and wise.", author: "Benjamin Franklin"),
        Quote(text: "There is no charm equal to tenderness of heart.", author: "Jane Austen"),
        Quote(text: "I declare after all there is no enjoyment like reading!", author: "Jane Austen"),
        Quote(text: "Well begun is half done.", author: "Aristotle"),
        Quote(text: "The unexamined life is not worth living.", author: "Socrates"),
        Quote(text: "Wonder is the beginning of wisdom.", author: "Socrates"),
        Quote(text: "No man ever steps in the same river twice.", author: "Heraclitus"),
        Quote(text: "The journey of a thousand miles begins with one step.", author: "Lao Tzu"),
        Quote(text: "Real knowledge is to know the extent of one's ignorance.", author: "Confucius"),
        Quote(text: "While we teach, we learn.", author: "Seneca"),
        Quote(text: "Very little is needed to make a happy life.", author: "Marcus Aurelius"),
        Quote(text: "No great thing is created suddenly.", author: "Epictetus"),
        Quote(text: "Fortune favors the bold.", author: "Virgil"),
        Quote(text: "Dripping water hollows a stone.", author: "Ovid"),
        Quote(text: "Seize the day.", author: "Horace"),
        Quote(text: "I came, I saw, I conquered.", author: "Julius Caesar"),
        Quote(text: "The die is cast.", author: "Julius Caesar"),
        Quote(text: "Knowledge is power.", author: "Francis Bacon"),
        Quote(text: "Hope springs eternal in the human breast.", author: "Alexander Pope"),
        Quote(text: "To err is human, to forgive divine.", author: "Alexander Pope"),
        Quote(text: "A little learning is a dangerous thing.", author: "Alexander Pope"),
        Quote(text: "Hope is the thing with feathers that perches in the soul.", author: "Emily Dickinson"),
        Quote(text: "Forever is composed of nows.", author: "Emily Dickinson"),
        Quote(text: "Our life is frittered away by detail. Simplify, simplify.", author: "Henry David Thoreau"),
        Quote(text: "Heaven is under our feet as well as over our heads.", author: "Henry David Thoreau"),
        Quote(text: "Adopt the pace of nature: her secret is patience.", author: "Ralph Waldo Emerson"),
        Quote(text: "I am large, I contain multitudes.", author: "Walt Whitman"),
        Quote(text: "We are all in the gutter, but some of us are looking at the stars.", author: "Oscar Wilde"),
        Quote(text: "Genius is one percent inspiration and ninety-nine percent perspiration.", author: "Thomas Edison"),
        Quote(text: "The best way out is always through.", author: "Robert Frost"),
        Quote(text: "A thing of beauty is a joy for ever.", author: "John Keats"),
        Quote(text: "Beauty is truth, truth beauty.", author: "John Keats"),
        Quote(text: "If winter comes, can spring be far behind?", author: "Percy Bysshe Shelley"),
        Quote(text: "To see a world in a grain of sand.", author: "William Blake"),
        Quote(text: "I wandered lonely as a cloud.", author: "William Wordsworth"),
        Quote(text: "The child is father of the man.", author: "William Wordsworth"),
        Quote(text: "Water, water, every where, nor any drop to drink.", author: "Samuel Taylor Coleridge"),
        Quote(text: "It was the best of times, it was the worst of times.", author: "Charles Dickens"),
        Quote(text: "The pen is mightier than the sword.", author: "Edward Bulwer-Lytton"),
        Quote(text: "'Tis better to have loved and lost than never to have loved at all.", author: "Alfred, Lord Tennyson"),
        Quote(text: "To strive, to seek, to find, and not to yield.", author: "Alfred, Lord Tennyson"),
        Quote(text: "I think, therefore I am.", author: "René Descartes"),
        Quote(text: "Give me liberty, or give me death!", author: "Patrick Henry"),
        Quote(text: "Nothing in life is to be feared, it is only to be understood.", author: "Marie Curie"),
        Quote(text: "Happiness depends upon ourselves.", author: "Aristotle"),
    ]
}
