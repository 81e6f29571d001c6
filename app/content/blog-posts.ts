import type { ImageKey } from "./images";

export type BlogBlock =
  | { type: "p"; text: string }
  | { type: "h2"; text: string }
  | { type: "ul"; items: string[] };

export interface BlogPost {
  id: string;
  date: string;
  title: string;
  desc: string;
  imageKey: ImageKey;
  author: string;
  tags: string;
  body: BlogBlock[];
}

export const blogPosts: BlogPost[] = [
  {
    id: "special-occasions",
    date: "2023-04-29",
    title: "Five Reasons to Choose 2 x 10 Nails & Spa for Your Special Occasions",
    desc: "From weddings and proms to milestone birthdays, here is why guests trust us with the nails they will see in every photo.",
    imageKey: "blog-occasions",
    author: "Mara Lindqvist",
    tags: "special occasions, weddings, bridal nails, prom, group bookings",
    body: [
      {
        type: "p",
        text: "Some appointments are routine. Others are part of a day you will remember for years: a wedding, a prom, a milestone birthday, a graduation, or a long-awaited trip. On those days your hands show up everywhere, in photos, in handshakes, in toasts, and in the ring you keep glancing at. Here are five reasons so many guests trust us with their most important days.",
      },
      { type: "h2", text: "1. Results That Hold Through the Whole Event" },
      {
        type: "p",
        text: "A special occasion is not the day to worry about a chip. For events, we recommend long-wearing options such as gel polish, dip powder, or Gel-X extensions, and we help you time your appointment so the finish is at its freshest on the day itself, usually one to three days before. Every set is carefully sealed along the free edge, which is where wear tends to begin. If you are traveling after the event, tell us, and we will choose a finish that still looks fresh when you get home.",
      },
      { type: "h2", text: "2. Designs Made for Your Day" },
      {
        type: "p",
        text: "Bring a fabric swatch, your color palette, or a photo of the flowers, and we will design around it. Our artists work in everything from soft bridal nudes and classic French tips to chrome finishes and detailed hand-painted accents. For brides, we often suggest a quiet, elegant look on the ring hand, so the nails complement the ring rather than compete with it.",
      },
      { type: "h2", text: "3. Room for the Whole Group" },
      {
        type: "p",
        text: "Bridal parties, prom groups, birthday celebrations, and bachelorette weekends are easier when everyone is in one place. Tell us the size of your group and the date, and we will plan the schedule so several guests are seen at once and nobody spends the afternoon waiting. We can also suggest a shared color story, so the group looks coordinated without looking identical. Younger guests are welcome too, with kids services sized for flower girls and junior bridesmaids under twelve.",
      },
      { type: "h2", text: "4. A Calm Break Before a Busy Day" },
      {
        type: "p",
        text: "The days before a big event can be hectic. Our spa services are designed to give you an hour of quiet in the middle of it. Add a paraffin treatment for soft hands before the ring photos, a neck and shoulder massage to release the tension of planning, or a foot reflexology session before a long night on your feet. A deluxe pedicure is a favorite the week of a wedding.",
      },
      { type: "h2", text: "5. Care and Cleanliness You Can Trust" },
      {
        type: "p",
        text: "A special day should never come with an irritated cuticle or a nail infection. Our metal tools are sterilized in an autoclave and opened from sealed pouches in front of you, files and buffers are single-use, and every pedicure basin is fitted with a fresh disposable liner. Our technicians are licensed and never rush, so your skin and nails stay healthy for the occasion and long after it.",
      },
      {
        type: "p",
        text: "Whether you are planning a wedding, getting ready for prom, or celebrating a birthday with friends, we would love to be part of it. Book a few weeks ahead for weekend events and group appointments, and tell us about the occasion when you reserve. We will take care of the rest, right here in Wicker Park.",
      },
    ],
  },
  {
    id: "types-of-manicures",
    date: "2023-04-29",
    title: "A Guide to the Different Types of Manicures",
    desc: "Basic, French, gel, shellac, acrylic, or dip powder? A clear guide to what each manicure involves, how long it lasts, and who it suits best.",
    imageKey: "blog-manicures",
    author: "Mara Lindqvist",
    tags: "manicures, nail care, gel, shellac, acrylic, dip powder",
    body: [
      {
        type: "p",
        text: "A manicure can mean a quick tidy-up before the work week or a sculpted set meant to last through a month of travel. The word covers a lot of ground, and the right choice depends on how you use your hands, how long you want the result to hold, and how much time you are happy to spend in the chair. Here is a clear guide to the six styles our guests ask about most, so you can walk in knowing what you want, or at least what to ask.",
      },
      { type: "h2", text: "Basic Manicure" },
      {
        type: "p",
        text: "The basic manicure is the foundation everything else is built on. Your nails are shaped and filed, cuticles are softened and gently pushed back, your hands are massaged with a nourishing lotion, and a regular polish is applied in the color of your choice. Nothing is added to the nail itself, which makes it the gentlest option for natural nails.",
      },
      {
        type: "p",
        text: "Regular polish usually looks fresh for five to seven days, depending on how hard you are on your hands. A basic manicure suits anyone who likes to change colors often, anyone giving their nails a rest between enhancements, and anyone who simply wants clean, cared-for hands.",
      },
      { type: "h2", text: "French Manicure" },
      {
        type: "p",
        text: "A French manicure pairs a sheer pink or nude base with a clean white line across the free edge of the nail. It has lasted for decades because it works: it looks polished in a boardroom, at a wedding, and on a Sunday morning. Modern versions play with the formula, using a soft colored tip, a micro-thin line, or a reverse French at the cuticle.",
      },
      {
        type: "p",
        text: "The French look can be done with regular polish, gel, dip powder, or on extensions, so how long it lasts depends on the product underneath. It suits people who want something refined and low-maintenance, since a neutral base hides regrowth far better than a bold color.",
      },
      { type: "h2", text: "Gel Manicure" },
      {
        type: "p",
        text: "A gel manicure uses a polish that is cured under an LED lamp between coats. Each layer sets in under a minute, so you leave with nails that are completely dry, glossy, and much more resistant to chips than regular polish.",
      },
      {
        type: "p",
        text: "Gel typically lasts two to three weeks. It should be removed properly, with a soak and gentle lifting, rather than peeled off, which can take layers of the natural nail with it. Gel is a strong choice for busy schedules, travel, and anyone who uses their hands constantly but still wants color that holds.",
      },
      { type: "h2", text: "Shellac Manicure" },
      {
        type: "p",
        text: "Shellac is a brand name, and people often use it loosely to mean any gel polish. The original is a hybrid formula that blends traditional polish with gel, and like gel it is cured under a lamp. The practical differences are small: shellac tends to be a little thinner and comes off a little more easily, while still wearing for around two weeks.",
      },
      {
        type: "p",
        text: "If a friend recommends a shellac manicure, what they usually mean is a thin, glossy, long-wearing finish. Tell your technician that, and they will suggest the gel system that suits your nails best. It is a good fit for anyone who wants the durability of gel without added thickness.",
      },
      { type: "h2", text: "Acrylic Nails" },
      {
        type: "p",
        text: "Acrylic nails are made by combining a liquid monomer with a powder polymer to form a small bead that your technician sculpts over the natural nail or a tip. The result is hard and durable, and it can be shaped to almost any length, from a short squoval to a long coffin or stiletto.",
      },
      {
        type: "p",
        text: "Acrylics need a fill roughly every two to three weeks as the natural nail grows out. They suit anyone who wants length and strength, or a sturdy canvas for detailed nail art. If your natural nails are thin or weak, ask about a lighter application and plan occasional breaks between sets.",
      },
      { type: "h2", text: "Dip Powder Manicure" },
      {
        type: "p",
        text: "With dip powder, a bonding base is brushed onto the nail, which is then dipped into or dusted with a finely milled colored powder. Several layers are built up and sealed with an activator and a top coat. No lamp is needed, and the finish is strong and slightly thicker than gel.",
      },
      {
        type: "p",
        text: "Dip powder often lasts three to four weeks and is a favorite with people who want extra strength on their natural nails without committing to full extensions. Removal takes a proper soak, so allow a few extra minutes at your next visit.",
      },
      {
        type: "p",
        text: "There is no single best manicure, only the one that fits your week, your hands, and your style. If you are unsure, mention it when you arrive, and your technician will walk you through the options before anything begins. We are always glad to help you find the one that feels right.",
      },
    ],
  },
];
