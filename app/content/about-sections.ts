// The About page's three sections as first started: the first-start values of 'Page Texts'
// (app/services/site/page-texts.server.ts; "{name}" is the salon's name: page-texts.ts), and each
// section's anchor and illustration. Read by no
// page: /about shows the database's texts.
import type { ImageKey } from "./images";

interface AboutSection {
  id: string;
  title: string;
  paragraphs: string[];
  imageKey: ImageKey;
}

export const aboutSections: AboutSection[] = [
  {
    id: "nail-care",
    title: "Nail Care and Relaxation, Done Properly",
    paragraphs: [
      "At {name}, we believe a beautiful manicure starts long before the first coat of color. Every service begins with precise shaping, gentle cuticle work, and real attention to the health of your natural nails. We ask how you use your hands, what has worked for you before, and what has not, so the result suits your daily life as well as your style.",
      "Relaxation is part of the craft, not an afterthought. Our chairs are comfortable, the lighting is soft, and the pace is unhurried. Whether you stop in for a quick gel polish change or settle in for a deluxe pedicure with reflexology, we want you to leave feeling rested, with nails that look considered and wear the way they should.",
    ],
    imageKey: "about-nail-care",
  },
  {
    id: "self-care",
    title: "Self-Care That Fits Into Real Life",
    paragraphs: [
      "Self-care does not have to mean a whole day away. Often it is a single hour that belongs only to you: phone down, hands in warm water, someone else looking after the details. We built our menu so that hour is easy to find, with services that fit a lunch break, an evening after work, or a slow Saturday morning in the neighborhood.",
      "We also believe self-care should feel personal. Some guests enjoy conversation, while others prefer quiet and a good playlist. Some visit every two weeks for a fill, and others come once a season as a treat. Tell us what you need, and we will shape the visit around you, from the pressure of your massage to the finish on your nails.",
    ],
    imageKey: "about-self-care",
  },
  {
    id: "hygiene",
    title: "Hygiene and Safety You Can See",
    paragraphs: [
      "Cleanliness is the first thing we promise and the last thing we would ever compromise on. All metal implements, including nippers, pushers, and clippers, are scrubbed and then sterilized in a medical-grade autoclave. They are sealed in pouches with color-changing indicators and opened in front of you at the start of your service, so you know nothing has been used since it was sterilized.",
      "Anything that cannot be sterilized is never reused. Nail files, buffers, toe separators, and pumice pads are single-use, and they are either discarded or sent home with you after your appointment. Every pedicure basin is fitted with a fresh disposable liner for each guest, and basins, chairs, and tables are cleaned with a hospital-grade disinfectant between appointments.",
      "Our studio is ventilated to keep the air fresh, with extraction at the nail stations to capture dust and odors from acrylic and dip powder work. Every technician holds a current Illinois nail technician license and follows state sanitation standards. If you have an allergy, a skin condition, or any health concern, let us know before we begin, and we will adjust our products and techniques.",
    ],
    imageKey: "about-hygiene",
  },
];
