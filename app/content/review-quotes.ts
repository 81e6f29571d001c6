// The spec's six reviews: seeded once at first start (seedReviewsOnce,
// app/services/site/reviews.server.ts). Read by no page: /reviews and the home page show the
// database's, which staff edit in 'Reviews' (docs/product.md#reviews).
interface Review {
  quote: string;
  name: string;
  city: string;
}

export const reviews: Review[] = [
  {
    quote:
      "I got a Gel-X set two days before my sister's wedding and it lasted almost four weeks without a single lift. My technician spent real time getting the shape right and even reshaped one nail I wasn't sure about.",
    name: "Danielle R.",
    city: "Chicago",
  },
  {
    quote:
      "I tried the deluxe pedicure because the salon is close to my office, and it was the most thorough one I've had in years. I noticed they put a fresh liner in the basin and opened a sealed tool pouch right in front of me. That alone won me over.",
    name: "Priya S.",
    city: "Evanston",
  },
  {
    quote:
      "I took my eight-year-old for her first manicure as a birthday treat. The technician was so patient, let her pick two colors, and kept it short enough that she never got fidgety. She's been asking to go back ever since.",
    name: "Megan T.",
    city: "Oak Park",
  },
  {
    quote:
      "Dip powder is the only thing that survives my job, and theirs holds up for a solid three weeks. Removal was gentle, which hasn't always been my experience elsewhere. They also took me right on time, which matters when I'm squeezing it into a lunch break.",
    name: "Alicia M.",
    city: "Skokie",
  },
  {
    quote:
      "I'm not really a salon person, but my partner talked me into a classic manicure and foot reflexology. Clean, quiet, and no pressure to add anything extra. I've been back twice now and I'm getting my eyebrows done next time.",
    name: "Marcus H.",
    city: "Cicero",
  },
  {
    quote:
      "We brought the bride and five bridesmaids in on a Saturday morning and they had us all done without anyone sitting around waiting. Everyone wore a soft nude with a slightly different accent nail, and they looked beautiful in the photos. Planning it over the phone was easy.",
    name: "Jessica W.",
    city: "Naperville",
  },
];
